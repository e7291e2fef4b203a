// The layout drawn in docs/contributing.md is the tree: every folder it names exists, every
// folder of src/ and emulator/ is named, and imports run down its layers (the order it lists
// them in, lowest first), type imports included. Test files may import anything.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ROOT_FILES = '*.ts';

/** The layout block of the guide: each top-level folder with its sub-entries, in order. */
function documentedLayout(): Map<string, string[]> {
  const guide = readFileSync(join(ROOT, 'docs/contributing.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Layout'));
  const block = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4));
  const layout = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of block.split('\n')) {
    const top = /^([a-z0-9-]+)\/(\s|$)/.exec(line);
    const sub = /^ {2}(\*\.ts|[a-z0-9-]+\/)\s/.exec(line);
    if (top) layout.set(top[1]!, (current = []));
    else if (sub && current) current.push(sub[1]!.replace(/\/$/, ''));
  }
  return layout;
}

const foldersOf = (top: string) =>
  readdirSync(join(ROOT, top)).filter(
    (name) => statSync(join(ROOT, top, name)).isDirectory() && name !== 'node_modules' && name !== 'dist',
  );

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The layer a file belongs to: its first folder under its top folder, or the top's own files. */
const layerOf = (top: string, file: string) => {
  const parts = relative(join(ROOT, top), file).split('/');
  return parts.length === 1 ? ROOT_FILES : parts[0]!;
};

function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)/g)].map((match) => resolve(dirname(file), match[1]!));
}

/** Imports that climb: from a layer to one listed above it (or to a part of src/ the emulator may not use). */
function climbs(top: string, layers: string[]): string[] {
  const rank = (layer: string) => layers.indexOf(layer);
  const found: string[] = [];
  for (const file of sourceFiles(join(ROOT, top))) {
    const from = layerOf(top, file);
    for (const target of importsOf(file)) {
      const where = relative(ROOT, target);
      if (where.startsWith(`${top}/`)) {
        const to = layerOf(top, target);
        if (to !== from && rank(to) > rank(from)) found.push(`${relative(ROOT, file)} -> ${where} (${from} may not import ${to})`);
      } else if (top === 'emulator' && where.startsWith('src/') && !where.startsWith('src/protocol/')) {
        found.push(`${relative(ROOT, file)} -> ${where} (the emulator uses src/protocol only)`);
      }
    }
  }
  return found;
}

describe('the layout in docs/contributing.md', () => {
  const layout = documentedLayout();

  it('names folders that exist', () => {
    expect([...layout.keys()]).toEqual(expect.arrayContaining(['src', 'emulator', 'e2e', 'test', 'bench', 'scripts', 'docs']));
    const missing = [...layout]
      .flatMap(([top, subs]) => [top, ...subs.filter((sub) => sub !== ROOT_FILES).map((sub) => `${top}/${sub}`)])
      .filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  for (const top of ['src', 'emulator', 'e2e']) {
    it(`names every folder of ${top}/`, () => {
      expect(foldersOf(top).filter((folder) => !layout.get(top)!.includes(folder))).toEqual([]);
    });
  }

  for (const top of ['src', 'emulator']) {
    it(`has ${top}/'s imports run down its layers`, () => {
      const layers = layout.get(top)!;
      expect(layers.at(-1)).toBe(ROOT_FILES);
      expect(climbs(top, layers)).toEqual([]);
    });
  }
});

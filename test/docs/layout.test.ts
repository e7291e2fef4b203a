// The layout drawn in docs/contributing.md is the tree: every folder it names exists, every
// folder of src/ and emulator/ is named, and imports run down its layers (the order it lists
// them in, lowest first), type imports included. Test files may import anything. Each layer's
// paragraph below the tree ends in a "May import:" line, checked against the imports, so the
// prose cannot drift from the code.
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

/** Every import from one layer to another: within top/, and for the emulator, into src/ (its layer named `src/<folder>`). */
function crossings(top: string) {
  const found: { file: string; where: string; from: string; to: string }[] = [];
  for (const file of sourceFiles(join(ROOT, top))) {
    const from = layerOf(top, file);
    for (const target of importsOf(file)) {
      const where = relative(ROOT, target);
      const to = where.startsWith(`${top}/`)
        ? layerOf(top, target)
        : top === 'emulator' && where.startsWith('src/')
          ? `src/${where.split('/')[1]}`
          : undefined; // package.json and the like: not a layer
      if (to !== undefined && to !== from) found.push({ file: relative(ROOT, file), where, from, to });
    }
  }
  return found;
}

// The one part of src/ the emulator may use: the service's protocol, which both sides speak.
const EMULATOR_USES = 'src/protocol';

/** Whether layer `from` may import `to` at all: a layer below it, or for the emulator, src/protocol. */
const below = (top: string, layers: string[], from: string, to: string) =>
  to.startsWith('src/') ? top === 'emulator' && to === EMULATOR_USES : layers.indexOf(to) < layers.indexOf(from);

/** Imports that climb: from a layer to one listed above it (or to a part of src/ the emulator may not use). */
const climbs = (top: string, layers: string[]) =>
  crossings(top)
    .filter(({ from, to }) => !below(top, layers, from, to))
    .map(({ file, where, from, to }) =>
      to.startsWith('src/')
        ? `${file} -> ${where} (the emulator uses src/protocol only)`
        : `${file} -> ${where} (${from} may not import ${to})`,
    );

/** The guide's paragraph per layer (`src/util/: ...`), each with the layers its "May import:" line lists. */
function documentedImports(): { layer: string; listed: string[] | undefined }[] {
  const guide = readFileSync(join(ROOT, 'docs/contributing.md'), 'utf8');
  const start = guide.indexOf('### The layers, one by one');
  const text = guide.slice(start, guide.indexOf('\n## ', start));
  return text.split(/\n\s*\n/).flatMap((paragraph) => {
    const layer = /^`((?:src|emulator)\/(?:[a-z0-9-]+|\*\.ts))\/?`/.exec(paragraph);
    if (!layer) return []; // the subsection's opening words
    const line = /^May import: (.+)\.$/m.exec(paragraph);
    const listed = line && (line[1] === 'nothing' ? [] : line[1]!.split(', '));
    return [{ layer: layer[1]!, listed: listed ?? undefined }];
  });
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

  describe('its paragraph per layer', () => {
    const paragraphs = documentedImports();
    const layers = (top: string) => layout.get(top)!.map((layer) => `${top}/${layer}`);
    const listedBy = new Map(paragraphs.map(({ layer, listed }) => [layer, listed ?? []]));

    it('has one paragraph for every layer of src/ and emulator/, each with a "May import:" line', () => {
      expect(paragraphs.map(({ layer }) => layer).sort()).toEqual([...layers('src'), ...layers('emulator')].sort());
      expect(paragraphs.filter(({ listed }) => listed === undefined).map(({ layer }) => layer)).toEqual([]);
    });

    for (const top of ['src', 'emulator']) {
      // A line may not grant what the tree forbids: only layers below, and of src/, only src/protocol.
      it(`lists only layers below each layer of ${top}/`, () => {
        const tree = layout.get(top)!;
        const known = (to: string) => to.startsWith('src/') || tree.includes(to);
        const wrong = tree.flatMap((from) =>
          (listedBy.get(`${top}/${from}`) ?? [])
            .filter((to) => !known(to) || !below(top, tree, from, to))
            .map((to) => `${top}/${from} lists ${to}`),
        );
        expect(wrong).toEqual([]);
      });

      // Each import across layers must be one its layer's paragraph says it may make.
      it(`has every import of ${top}/ in its layer's "May import:" line`, () => {
        const unlisted = crossings(top)
          .filter(({ from, to }) => !listedBy.get(`${top}/${from}`)?.includes(to))
          .map(({ file, where, from, to }) => `${file} -> ${where} (${top}/${from}'s paragraph does not list ${to})`);
        expect(unlisted).toEqual([]);
      });
    }
  });
});

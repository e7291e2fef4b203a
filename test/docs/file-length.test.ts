// No source or test file over 400 lines (issue 41): a file that long holds more than one job (a
// test file, more than one topic). Generated files and the language tables are left out; the files
// still over are listed with why, and the list may only shrink (an entry no longer over fails too).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;

/** Files still over, each with what will split it. */
const STILL_OVER: Record<string, string> = {};

const LEFT_OUT = [
  /^test\/types\//, // type fixtures and the docs' samples, generated
  /^src\/i18n\/languages\//, // the language tables
  /^src\/i18n\/launcher-names\.ts$/, // generated
];

function sourceFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  // A tracked file deleted in the working tree (not yet committed) is no longer there to count.
  return tracked
    .split('\n')
    .filter((path) => /\.(ts|tsx|js|mjs)$/.test(path) && !LEFT_OUT.some((rule) => rule.test(path)) && existsSync(resolve(ROOT, path)));
}

const lineCount = (path: string) => readFileSync(resolve(ROOT, path), 'utf8').trimEnd().split('\n').length;

describe('file length', () => {
  const lengths = new Map(sourceFiles().map((path) => [path, lineCount(path)]));

  it(`no source file over ${MAX_LINES} lines but those listed`, () => {
    const over = [...lengths]
      .filter(([path, lines]) => lines > MAX_LINES && !(path in STILL_OVER))
      .map(([path, lines]) => `${path}: ${lines}`);
    expect(over).toEqual([]);
  });

  it('every listed file is still over (the list only shrinks)', () => {
    const fixed = Object.keys(STILL_OVER).filter((path) => (lengths.get(path) ?? 0) <= MAX_LINES);
    expect(fixed).toEqual([]);
  });
});

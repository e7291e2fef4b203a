import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesByArea } from '../../scripts/size-areas.mjs';

/** A built file of two lines, each owned by one source, with its source map. */
function builtFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-areas-'));
  const file = join(dir, 'built.js');
  const ours = Array.from({ length: 40 }, (_, i) => `function draw${i}(){return ${i * 7}}`).join(';');
  const theirs = Array.from({ length: 20 }, (_, i) => `var h${i}=${i * 13}`).join(';');
  writeFileSync(file, `${ours}\n${theirs};css=".a{b:c}"`);
  // Line 1 from the first source, line 2 from the second up to column 8, then from the third.
  const map = {
    version: 3,
    sources: ['../src/ui/Panel.tsx', '../node_modules/preact/dist/preact.mjs', '../src/ui/styles.ts'],
    names: [],
    mappings: 'AAAA;ACAA,QCAA',
  };
  writeFileSync(`${file}.map`, JSON.stringify(map));
  return file;
}

describe("size-areas: where a built file's gzipped bytes go", () => {
  it('gives each area what taking its code out saves, largest first, a stylesheet under its own name', () => {
    const { total, areas } = bytesByArea(builtFile(), { 'ui/styles.ts': 'widget.css' });
    expect(areas.map(({ area }) => area).sort()).toEqual(['preact', 'src/ui/', 'widget.css']);
    expect(areas[0]!.area).toBe('src/ui/');
    for (const { bytes } of areas) expect(bytes).toBeGreaterThan(0);
    expect(areas.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThanOrEqual(total);
  });
});

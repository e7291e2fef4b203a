// Where a built file's gzipped bytes go, by area: each byte of the file is owned by the source its
// map names (a folder of src/, or a package), and an area's bytes are what gzip -9 saves when its
// code is taken out (one area at a time: what it shares with the rest, gzip keeps). Read by
// scripts/check-size.mjs, which shows the loader's and the chat's in docs/figures.md.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BASE64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((char, index) => [char, index]));

/** The numbers of one segment of a source map's `mappings` (Base64 VLQ). */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** For each line of the file, its segments: [column where it starts, index of its source or -1]. */
function segmentsByLine(mappings) {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    return line
      .split(',')
      .filter(Boolean)
      .map((text) => {
        const [columnDelta, sourceDelta] = decodeSegment(text);
        column += columnDelta;
        if (sourceDelta === undefined) return [column, -1];
        source += sourceDelta;
        return [column, source];
      });
  });
}

const UNOWNED = "code no source owns (the bundle's own)";

/** The area a source belongs to: a package, a folder of src/, or a file of src/ that is an entry. */
function areaOf(source, named) {
  if (source === undefined) return UNOWNED;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const path = /(?:^|\/)src\/(.+)$/.exec(source)?.[1];
  if (!path) return UNOWNED;
  if (named[path]) return named[path];
  return path.includes('/') ? `src/${path.split('/')[0]}/` : 'src/*.ts (index.ts, define.ts)';
}

/**
 * `file`'s gzipped bytes by area, largest first; `named` gives some sources an area of their own
 * (a stylesheet, which the bundle carries as a string).
 */
export function bytesByArea(file, named = {}) {
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const owner = new Array(code.length);
  const lines = segmentsByLine(map.mappings);
  let offset = 0;
  code.split('\n').forEach((line, index) => {
    const segments = lines[index] ?? [];
    segments.forEach(([column, source], at) => {
      const end = at + 1 < segments.length ? segments[at + 1][0] : line.length;
      const area = areaOf(map.sources[source], named);
      for (let i = column; i < end; i++) owner[offset + i] = area;
    });
    offset += line.length + 1;
  });
  const gzipped = (text) => gzipSync(text, { level: 9 }).length;
  const total = gzipped(code);
  const areas = [...new Set(owner.filter(Boolean))];
  const rows = areas.map((area) => {
    let rest = '';
    for (let i = 0; i < code.length; i++) if (owner[i] !== area) rest += code[i];
    return { area, bytes: total - gzipped(rest) };
  });
  return { total, areas: rows.sort((a, b) => b.bytes - a.bytes) };
}

// The block structure of the contract's Markdown subset: paragraphs, fenced code, `>` quotes,
// bulleted and numbered lists. Headings, rules, tables, indented code and raw HTML are not in
// it: their lines stay paragraph text. Linear in the text's length: every line is looked at a
// bounded number of times per level, and quotes and lists nest at most MAX_DEPTH deep (deeper
// markers stay text), so even tens of thousands of `>` or list markers cost a few passes.
import { inlines, work, type Inline } from './inlines.ts';

export type Block =
  | { t: 'p'; c: Inline[] }
  | { t: 'pre'; text: string }
  | { t: 'quote'; c: Block[] }
  | { t: 'list'; ordered: boolean; start: number; items: Block[][] };

/** Quotes and lists inside each other: deeper than this, their markers are text. */
export const MAX_DEPTH = 6;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}> ?/;
// A list item's marker: up to three spaces, a bullet or a number of up to 9 digits, then a space or the line's end.
const ITEM = /^( {0,3})([-+*]|(\d{1,9})([.)]))( +|$)/;
const BLANK = /^\s*$/;

export function parseMarkdown(text: string): Block[] {
  return blocks(text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'), 0);
}

function blocks(lines: string[], depth: number): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    work.steps++;
    const line = lines[i]!;
    if (BLANK.test(line)) i++;
    else if (FENCE.test(line)) i = fenced(lines, i, out);
    else if (depth < MAX_DEPTH && QUOTE.test(line)) i = quote(lines, i, depth, out);
    else if (depth < MAX_DEPTH && ITEM.test(line)) i = list(lines, i, depth, out);
    else i = paragraph(lines, i, depth, out);
  }
  return out;
}

/** Starts a block other than a paragraph (so it ends the paragraph before it). */
function startsBlock(line: string, depth: number): boolean {
  if (FENCE.test(line)) return true;
  if (depth >= MAX_DEPTH) return false;
  const item = ITEM.exec(line);
  // As in CommonMark: a numbered list breaks into a paragraph only at 1, and an empty item never.
  return QUOTE.test(line) || (item !== null && item[5] !== '' && (item[3] === undefined || item[3] === '1'));
}

function fenced(lines: string[], start: number, out: Block[]): number {
  const fence = FENCE.exec(lines[start]!)![1]!;
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
  const code: string[] = [];
  let i = start + 1;
  for (; i < lines.length && !closing.test(lines[i]!); i++) {
    code.push(lines[i]!);
    work.steps++;
  }
  out.push({ t: 'pre', text: code.join('\n') });
  return i + 1; // past the closing fence (or the end: an unclosed fence runs to it)
}

function quote(lines: string[], start: number, depth: number, out: Block[]): number {
  const inner: string[] = [];
  let i = start;
  for (; i < lines.length; i++) {
    work.steps++;
    const line = lines[i]!;
    const marker = QUOTE.exec(line);
    if (marker) inner.push(line.slice(marker[0].length));
    // A paragraph's next line without its `>` still belongs to it (CommonMark's lazy continuation).
    else if (!BLANK.test(line) && !startsBlock(line, depth) && inner.length > 0 && !BLANK.test(inner.at(-1)!)) inner.push(line);
    else break;
  }
  out.push({ t: 'quote', c: blocks(inner, depth + 1) });
  return i;
}

function list(lines: string[], start: number, depth: number, out: Block[]): number {
  const first = ITEM.exec(lines[start]!)!;
  const ordered = first[3] !== undefined;
  // Items of one list share their kind of marker: a different bullet or delimiter starts a new list.
  const kind = ordered ? first[4] : first[2];
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    // Blank lines between two items keep one list.
    let next = i;
    while (next < lines.length && BLANK.test(lines[next]!)) {
      next++;
      work.steps++;
    }
    const item = next < lines.length ? ITEM.exec(lines[next]!) : null;
    if (!item || (item[3] !== undefined ? item[4] : item[2]) !== kind) break;
    // The item's content starts after its marker; an empty first line: one space after it.
    const indent = item[5] === '' ? item[0].length + 1 : item[0].length;
    const own = [lines[next]!.slice(item[0].length)];
    i = itemLines(lines, next + 1, indent, depth, own);
    items.push(blocks(own, depth + 1));
  }
  out.push({ t: 'list', ordered, start: ordered ? Number(first[3]) : 1, items });
  return i;
}

/** Adds the lines that belong to an item (indented to its content, or a paragraph's lazy line); returns the next line. */
function itemLines(lines: string[], start: number, indent: number, depth: number, own: string[]): number {
  let i = start;
  const pad = ' '.repeat(indent);
  for (; i < lines.length; i++) {
    work.steps++;
    const line = lines[i]!;
    if (BLANK.test(line)) {
      // A blank line stays in the item only when the item goes on after it.
      let next = i + 1;
      while (next < lines.length && BLANK.test(lines[next]!)) {
        next++;
        work.steps++;
      }
      if (next >= lines.length || !lines[next]!.startsWith(pad)) return i;
      for (; i < next; i++) own.push('');
      i--;
    } else if (line.startsWith(pad)) own.push(line.slice(indent));
    else if (!startsBlock(line, depth) && !ITEM.test(line) && !BLANK.test(own.at(-1)!)) own.push(line);
    else return i;
  }
  return i;
}

function paragraph(lines: string[], start: number, depth: number, out: Block[]): number {
  let i = start + 1;
  while (i < lines.length && !BLANK.test(lines[i]!) && !startsBlock(lines[i]!, depth)) {
    i++;
    work.steps++;
  }
  // Each line's own indentation is not text (CommonMark strips it).
  out.push({
    t: 'p',
    c: inlines(
      lines
        .slice(start, i)
        .map((line) => line.trimStart())
        .join('\n'),
    ),
  });
  return i;
}

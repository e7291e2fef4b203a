// The inline part of the contract's Markdown subset: `**strong**`, `*emphasis*` and `_emphasis_`,
// `` `code` ``, `[label](address)` links, backslash escapes and line breaks (each newline of a
// paragraph is one, as chat messages mean it). Images, autolinks in angle brackets and raw HTML
// are not in it: they stay the text they are. Linear in the text's length (CommonMark's own
// approach): one scan makes tokens, code spans find their closing run through a table of runs,
// links their opening bracket on a stack, and emphasis its opener on a stack per character, with
// the openers a match passes over dropped for good.

export type Inline =
  | string
  | { t: 'strong' | 'em'; c: Inline[] }
  | { t: 'code'; text: string }
  | { t: 'br' }
  /** `href` is the address as written: the drawing checks it (only http:, https:, mailto:, tel:). */
  | { t: 'a'; href: string; c: Inline[] };

/** A run of `*` or `_`: which tags it closes (first the innermost) and opens (first the innermost), and what is left as text. */
interface Delimiter {
  t: 'delim';
  char: string;
  left: number;
  canOpen: boolean;
  canClose: boolean;
  closes: Array<'strong' | 'em'>;
  opens: Array<'strong' | 'em'>;
}
interface Bracket {
  t: 'bracket';
  /** `![`: an image, which the subset does not have: never a link. */
  image: boolean;
}
interface LinkToken {
  t: 'link';
  href: string;
  c: Token[];
}
type Token = string | Delimiter | Bracket | LinkToken | { t: 'code'; text: string } | { t: 'br' };

/**
 * The parser's steps (each token, line, scanned character or stack move counted once): the
 * tests check they stay a small multiple of the text's length for hostile inputs.
 */
export const work = { steps: 0 };

/** The longest address a link takes: a longer one is text (and no scan for `)` goes further). */
const MAX_ADDRESS = 2048;
const SPECIAL = /[\\`*_![\]\n]/g;
const PUNCTUATION = /[!-/:-@[-`{-~\p{P}\p{S}]/u;
const WHITESPACE = /\s/;
const ESCAPABLE = /^[!-/:-@[-`{-~]$/;

export function inlines(text: string): Inline[] {
  return tree(emphasis(tokens(text)));
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  const brackets: number[] = []; // indexes in `out` of the `[` not yet closed
  const code = codeRuns(text);
  let i = 0;
  while (i < text.length) {
    work.steps++;
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(text);
    const at = found ? found.index : text.length;
    if (at > i) out.push(text.slice(i, at));
    if (!found) break;
    const char = text[at]!;
    i = at + 1;
    if (char === '\\') {
      const next = text[at + 1] ?? '';
      if (next === '\n' || ESCAPABLE.test(next)) {
        out.push(next === '\n' ? { t: 'br' } : next);
        i = at + 2;
      } else out.push('\\'); // not an escape: the backslash is text
    } else if (char === '\n') out.push({ t: 'br' });
    else if (char === '`') i = codeSpan(text, at, code, out);
    else if (char === '*' || char === '_') i = delimiter(text, at, out);
    else if (char === '!' && text[at + 1] === '[') {
      out.push('!');
      brackets.push(out.push({ t: 'bracket', image: true }) - 1);
      i = at + 2;
    } else if (char === '[') brackets.push(out.push({ t: 'bracket', image: false }) - 1);
    else if (char === ']') i = closeBracket(text, at, brackets, out);
    else out.push(char);
  }
  return out;
}

/** Where each run of backticks starts, by its length: a code span closes at the next run of its own length. */
function codeRuns(text: string): Map<number, { at: number[]; next: number }> {
  const runs = new Map<number, { at: number[]; next: number }>();
  for (const run of text.matchAll(/`+/g)) {
    const length = run[0].length;
    let entry = runs.get(length);
    if (!entry) runs.set(length, (entry = { at: [], next: 0 }));
    entry.at.push(run.index);
  }
  return runs;
}

function codeSpan(text: string, at: number, runs: ReturnType<typeof codeRuns>, out: Token[]): number {
  let length = 1;
  while (text[at + length] === '`') length++;
  const entry = runs.get(length)!;
  // Runs before this one (or this one) are passed for good: each run is passed over once in all.
  while (entry.next < entry.at.length && entry.at[entry.next]! <= at) {
    entry.next++;
    work.steps++;
  }
  const close = entry.at[entry.next];
  if (close === undefined) {
    out.push('`'.repeat(length));
    return at + length;
  }
  let inside = text.slice(at + length, close).replace(/\n/g, ' ');
  if (inside.length > 2 && inside[0] === ' ' && inside.at(-1) === ' ' && inside.trim()) inside = inside.slice(1, -1);
  out.push({ t: 'code', text: inside });
  return close + length;
}

function delimiter(text: string, at: number, out: Token[]): number {
  const char = text[at]!;
  let end = at + 1;
  while (text[end] === char) end++;
  const before = text[at - 1] ?? ' ';
  const after = text[end] ?? ' ';
  const left = !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
  const right = !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
  // `_` inside a word (snake_case) is text.
  const canOpen = char === '*' ? left : left && (!right || PUNCTUATION.test(before));
  const canClose = char === '*' ? right : right && (!left || PUNCTUATION.test(after));
  out.push({ t: 'delim', char, left: end - at, canOpen, canClose, closes: [], opens: [] });
  return end;
}

/** `](address)` after an open `[`: a link of what lies between; otherwise the `]` is text. */
function closeBracket(text: string, at: number, brackets: number[], out: Token[]): number {
  const open = brackets.pop();
  const bracket = open === undefined ? undefined : (out[open] as Bracket);
  const address = bracket && !bracket.image && text[at + 1] === '(' ? addressAt(text, at + 2) : undefined;
  if (open === undefined || !address) {
    out.push(']');
    return at + 1;
  }
  const label = out.splice(open + 1);
  out[open] = { t: 'link', href: address.href, c: label };
  // No link inside a link: the brackets still open before this one are text from now on.
  for (const index of brackets.splice(0)) (out[index] as Bracket).image = true;
  return address.end;
}

/**
 * An address up to the `)` that closes it (parentheses inside balanced; no spaces, brackets or
 * title). A scan stops at the next bracket, so no character is scanned for two addresses.
 */
function addressAt(text: string, start: number): { href: string; end: number } | undefined {
  let depth = 0;
  for (let i = start; i < text.length && i - start <= MAX_ADDRESS; i++) {
    work.steps++;
    const char = text[i]!;
    if (WHITESPACE.test(char) || char === '<' || char === '[' || char === ']') return undefined;
    if (char === '(') depth++;
    else if (char === ')' && depth-- === 0) return i > start ? { href: text.slice(start, i), end: i + 1 } : undefined;
  }
  return undefined;
}

/**
 * Pairs the runs of `*` and `_`: a closer takes the nearest opener of its character, two
 * characters (strong) where both have two, else one (emphasis). The openers of the other
 * character it passes over can no longer be matched: they are dropped.
 */
function emphasis(list: Token[]): Token[] {
  const openers: Record<string, Array<{ index: number; delim: Delimiter }>> = { '*': [], _: [] };
  list.forEach((token, index) => {
    if (typeof token !== 'object') return;
    if (token.t === 'link') return void emphasis(token.c);
    if (token.t !== 'delim') return;
    if (token.canClose) {
      const own = openers[token.char]!;
      const other = openers[token.char === '*' ? '_' : '*']!;
      while (token.left > 0 && own.length > 0) {
        work.steps++;
        const opener = own.at(-1)!;
        while (other.length > 0 && other.at(-1)!.index > opener.index) {
          other.pop();
          work.steps++;
        }
        const take = token.left >= 2 && opener.delim.left >= 2 ? 2 : 1;
        const tag = take === 2 ? 'strong' : 'em';
        opener.delim.opens.push(tag);
        token.closes.push(tag);
        opener.delim.left -= take;
        token.left -= take;
        if (opener.delim.left === 0) own.pop();
      }
    }
    if (token.canOpen && token.left > 0) openers[token.char]!.push({ index, delim: token });
  });
  return list;
}

/** Nests the paired runs' tags around what lies between them; what is left of a run is text. */
function tree(list: Token[]): Inline[] {
  const root: Inline[] = [];
  const stack: Inline[][] = [root];
  const add = (node: Inline) => {
    const children = stack.at(-1)!;
    // Neighbouring texts are one text node.
    if (typeof node === 'string' && typeof children.at(-1) === 'string') children[children.length - 1] += node;
    else children.push(node);
  };
  for (const token of list) {
    work.steps++;
    if (typeof token === 'string') add(token);
    else if (token.t === 'bracket') add('[');
    else if (token.t === 'link') add({ t: 'a', href: token.href, c: tree(token.c) });
    else if (token.t === 'delim') {
      for (const _ of token.closes) stack.pop();
      if (token.left > 0) add(token.char.repeat(token.left));
      for (let k = token.opens.length - 1; k >= 0; k--) {
        const node = { t: token.opens[k]!, c: [] as Inline[] };
        add(node);
        stack.push(node.c);
      }
    } else add(token);
  }
  return root;
}

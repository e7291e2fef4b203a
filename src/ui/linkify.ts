// Splits service or user text into plain text and safe links. Only http(s) URLs and bare
// www. hosts become links; anything else (javascript:, data:, markup) stays literal text.
import { httpUrl } from '../util/http-url.ts';

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A URL runs to the next whitespace or angle bracket; the scheme must stand at a word start.
const CANDIDATE = /(?<![\w@/.-])(?:https?:\/\/|www\.)[^\s<>"]+/gi;

// Punctuation that usually ends the sentence around a URL rather than the URL itself.
const TRAILING = ".,;:!?'*";
const OPENING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/**
 * Drops trailing punctuation and closing brackets that have no opening partner in the URL.
 * One pass to count, one walk back from the end: linear, whatever the service sends.
 */
function trimUrl(raw: string): string {
  const counts: Record<string, number> = {};
  for (const char of raw) counts[char] = (counts[char] ?? 0) + 1;
  let end = raw.length;
  for (; end > 0; end--) {
    const char = raw[end - 1]!;
    const open = OPENING[char];
    if (open !== undefined && counts[char]! > (counts[open] ?? 0)) counts[char]!--;
    else if (!TRAILING.includes(char)) break;
  }
  return raw.slice(0, end);
}

/** The href for a candidate, or undefined when it is not a well-formed http(s) URL. */
export function safeHref(candidate: string): string | undefined {
  return httpUrl(/^www\./i.test(candidate) ? `https://${candidate}` : candidate);
}

export function linkify(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = /^www\.$/i.test(url) ? undefined : safeHref(url);
    if (!href) continue;
    pushText(text.slice(last, start));
    segments.push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  pushText(text.slice(last));
  return segments;
}

// Splits service or user text into plain text and safe links. Only http(s) URLs and bare
// www. hosts become links; anything else (javascript:, data:, markup) stays literal text.

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A URL runs to the next whitespace or angle bracket; the scheme must stand at a word start.
const CANDIDATE = /(?<![\w@/.-])(?:https?:\/\/|www\.)[^\s<>"]+/gi;

// Punctuation that usually ends the sentence around a URL rather than the URL itself.
const TRAILING = /[.,;:!?'*]+$/;

/** Drops trailing punctuation and a closing bracket that has no opening partner in the URL. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    for (const [open, close] of [['(', ')'], ['[', ']'], ['{', '}']] as const) {
      if (url.endsWith(close) && count(url, close) > count(url, open)) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** An absolute http(s) URL's href, or undefined. */
export function httpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
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

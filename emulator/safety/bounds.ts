// Caps on untrusted text, and the checks of it that used regular expressions which backtrack
// (issue 27, point 3). Every check here is one pass over text no longer than its cap, so no
// request can hold the event loop: an 80 kB email once took 7 s to refuse, 14,000 slashes 1.8 s.
// Regular expressions that stay elsewhere are anchored and never try the same character twice.

/** A request's path, in characters (browsers and proxies commonly stop near 2 kB). */
export const MAX_PATH_LENGTH = 2048;
/** A request's query string, after `?`, in characters. */
export const MAX_QUERY_LENGTH = 4096;
/** An email address: RFC 5321's longest path, 256 octets, less its angle brackets. */
export const MAX_EMAIL_LENGTH = 254;
/** A URL given in a body (profile picture, media, webhook URL). */
export const MAX_URL_LENGTH = 2048;
/** An id or secret: threadId, sessionId, clientId, the secret and nonce (a UUID is 36). */
export const MAX_ID_LENGTH = 256;
/** A MIME type: RFC 6838 allows 127 characters on each side of the slash. */
export const MAX_MIME_TYPE_LENGTH = 255;
/** A decimal number written as a string (`lat`, `long`): far more digits than a double holds. */
export const MAX_DECIMAL_LENGTH = 32;

/** `text` without the slashes it ends with, in one pass (`replace(/\/+$/, '')` is quadratic). */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}

/**
 * An address of the form `local@domain.tld`: no white space, exactly one `@`, something before
 * it, and a dot inside the domain with something on each side. Same rule as the former
 * `/^[^\s@]+@[^\s@]+\.[^\s@]+$/`, checked in one pass and only up to MAX_EMAIL_LENGTH.
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > MAX_EMAIL_LENGTH || /\s/.test(text)) return false; // a lone class: one look per character
  const at = text.indexOf('@');
  if (at < 1 || text.indexOf('@', at + 1) !== -1) return false;
  const domain = text.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot > 0 && dot < domain.length - 1;
}

/** Why a request target (`req.url`) is too long to read, naming the part, or undefined. */
export function overlongTarget(target: string): { field: 'path' | 'query'; message: string } | undefined {
  const mark = target.indexOf('?');
  const pathLength = mark === -1 ? target.length : mark;
  if (pathLength > MAX_PATH_LENGTH)
    return { field: 'path', message: `path: must be at most ${MAX_PATH_LENGTH} characters (got ${pathLength})` };
  const queryLength = mark === -1 ? 0 : target.length - mark - 1;
  if (queryLength > MAX_QUERY_LENGTH)
    return { field: 'query', message: `query: must be at most ${MAX_QUERY_LENGTH} characters (got ${queryLength})` };
  return undefined;
}

/** The message for an id past MAX_ID_LENGTH, naming it, or undefined. */
export function overlongId(field: string, value: string | undefined): string | undefined {
  if (value === undefined || value.length <= MAX_ID_LENGTH) return undefined;
  return `${field}: must be at most ${MAX_ID_LENGTH} characters (got ${value.length})`;
}

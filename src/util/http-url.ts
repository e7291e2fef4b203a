/** The URL's href when `value` (resolved against `base`) is a well-formed http(s) URL, else undefined. */
export function httpUrl(value: string, base?: string): string | undefined {
  try {
    const url = new URL(value, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `value` trimmed and resolved against the page, when it is an http(s) address; without trailing slashes. */
export function resolveHttpUrl(value: string): string | undefined {
  return httpUrl(value.trim(), globalThis.location?.href)?.replace(/\/+$/, '');
}

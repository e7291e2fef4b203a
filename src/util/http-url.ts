/** The URL's href when `value` (resolved against `base`) is a well-formed http(s) URL, else undefined. */
export function httpUrl(value: string, base?: string): string | undefined {
  try {
    const url = new URL(value, base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

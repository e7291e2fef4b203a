// Pictures from the service load only from the web or as inline images; anything else
// (javascript:, blob:, file:, relative paths resolved against the host page) is dropped.

export function safeImageUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (/^data:image\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

// Pictures from the service load only from the web or as inline images; anything else
// (javascript:, blob:, file:, relative paths resolved against the host page) is dropped.
import { httpUrl } from '../util/http-url.ts';

export function safeImageUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  return !url ? undefined : /^data:image\//i.test(url) ? url : httpUrl(url);
}

// The one check of every address the widget puts in an href or a src, made when it is drawn,
// whatever the entry came from (the service, storage, another tab): only absolute http(s)
// addresses, and tel: ones for phone buttons. An address that fails is not drawn.
import { httpUrl } from '../util/http-url.ts';

export function safeUrl(value: unknown, tel = false): string | undefined {
  if (typeof value !== 'string') return undefined;
  return tel && /^tel:\+?\d+$/.test(value) ? value : httpUrl(value.trim());
}

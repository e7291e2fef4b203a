// The one check of every address the widget puts in an href or a src, made when it is drawn,
// whatever the entry came from (the service, storage, another tab): only absolute http(s)
// addresses, and tel: ones for phone buttons. An address that fails is not drawn.
import type { RichAction } from '../conversation/rich.ts';
import { httpUrl } from '../util/http-url.ts';

export function safeUrl(value: unknown, tel = false): string | undefined {
  if (typeof value !== 'string') return undefined;
  return tel && /^tel:\+?\d+$/.test(value) ? value : httpUrl(value.trim());
}

/** The address an action opens (undefined for postback and event, which open none). */
export const actionUrl = (action: RichAction): string | undefined =>
  action.type === 'link' || action.type === 'phone' ? safeUrl(action.url, action.type === 'phone') : undefined;

/** An action the widget may draw: a postback or an event, or an address that passes safeUrl. */
export const drawable = (action: RichAction | undefined): action is RichAction =>
  !!action && ((action.type !== 'link' && action.type !== 'phone') || actionUrl(action) !== undefined);

// Which actions of a rich response are drawn, and the address each opens: postback and event
// always, an address only when it passes safeUrl (../safe-url.ts).
import type { RichAction } from '../../conversation/rich.ts';
import { safeUrl } from '../safe-url.ts';

/** The address an action opens (undefined for postback and event, which open none). */
export const actionUrl = (action: RichAction): string | undefined =>
  action.type === 'link' || action.type === 'phone' ? safeUrl(action.url, action.type === 'phone') : undefined;

/** An action the widget may draw: a postback or an event, or an address that passes safeUrl. */
export const drawable = (action: RichAction | undefined): action is RichAction =>
  !!action && ((action.type !== 'link' && action.type !== 'phone') || actionUrl(action) !== undefined);

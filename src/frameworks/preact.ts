// `<parley-chat>` in Preact's JSX. Load it once, in any file the compiler sees:
//   import type {} from 'parley-chat/preact';
// Preact sets a custom element's known properties and listens to `on` + the event's name, so
// `isOpen={…}`, `strings={…}` and `onparley:message={…}` work as they read.
import type { HTMLAttributes } from 'preact';
import type { ParleyChatAttributes, ParleyChatElement, ParleyChatEventProps, ParleyChatProperties } from './common.ts';

export type * from './common.ts';

/** The props of `<parley-chat>` in Preact. */
export type ParleyChatPreactProps = Omit<HTMLAttributes<ParleyChatElement>, 'open'> &
  ParleyChatAttributes &
  ParleyChatProperties &
  ParleyChatEventProps<'on'>;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'parley-chat': ParleyChatPreactProps;
    }
  }
}

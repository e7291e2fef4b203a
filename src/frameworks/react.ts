// `<parley-chat>` in React 19's JSX. Load it once, in any file the compiler sees:
//   import type {} from 'parley-chat/react';
// React 19 sets a custom element's known properties and listens to `on` + the event's name, so
// `isOpen={…}`, `strings={…}` and `onparley:message={…}` work as they read.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ParleyChatAttributes, ParleyChatElement, ParleyChatEventProps, ParleyChatProperties } from './common.ts';

export type * from './common.ts';

/** The props of `<parley-chat>` in React. */
export type ParleyChatReactProps = DetailedHTMLProps<HTMLAttributes<ParleyChatElement>, ParleyChatElement> &
  ParleyChatAttributes &
  ParleyChatProperties &
  ParleyChatEventProps<'on'>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'parley-chat': ParleyChatReactProps;
    }
  }
}

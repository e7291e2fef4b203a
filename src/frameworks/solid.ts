// `<parley-chat>` in Solid's JSX. Load it once, in any file the compiler sees:
//   import type {} from 'parley-chat/solid';
// Solid sets a custom element's dynamic attributes as properties named in lower camel case
// (`client-id={id}` sets `clientId`), so: `prop:isOpen` and `prop:strings` for the properties,
// `attr:thread-id` for the thread (its property is the read-only live thread), and
// `onparley:message` for the events.
import type { JSX } from 'solid-js';
import type { ParleyChatAttributes, ParleyChatElement, ParleyChatEventProps, ParleyChatProperties } from './common.ts';

export type * from './common.ts';

/** The props of `<parley-chat>` in Solid. */
export type ParleyChatSolidProps = Omit<JSX.HTMLAttributes<ParleyChatElement>, 'open'> &
  Omit<ParleyChatAttributes, 'thread-id'> & {
    /** Use this thread instead of the stored or a new one. */
    'attr:thread-id'?: string;
    /** Solid would set the read-only `threadId` property: write `attr:thread-id`. */
    'thread-id'?: never;
  } & { [K in keyof ParleyChatProperties as `prop:${K}`]?: ParleyChatProperties[K] } & ParleyChatEventProps<'on'>;

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'parley-chat': ParleyChatSolidProps;
    }
  }
}

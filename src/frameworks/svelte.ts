// `<parley-chat>` in Svelte 5 templates. Load it once, in any file the compiler sees (e.g.
// `src/app.d.ts`):
//   import type {} from 'parley-chat/svelte';
// Svelte sets a custom element's property when it has a setter (`isOpen`, `strings`) and the
// attribute otherwise; `onparley:message={…}` listens to `parley:message` (Svelte 5.57 warns
// `attribute_illegal_colon` there but compiles it; `<!-- svelte-ignore attribute_illegal_colon -->`).
import type { HTMLAttributes } from 'svelte/elements';
import type { ParleyChatAttributes, ParleyChatElement, ParleyChatEventProps, ParleyChatProperties } from './common.ts';

export type * from './common.ts';

/** The props of `<parley-chat>` in Svelte. */
export type ParleyChatSvelteProps = Omit<HTMLAttributes<ParleyChatElement>, 'open'> &
  ParleyChatAttributes &
  ParleyChatProperties &
  ParleyChatEventProps<'on'>;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'parley-chat': ParleyChatSvelteProps;
  }
}

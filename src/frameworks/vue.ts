// `<parley-chat>` in Vue 3 templates and TSX. Load it once, in any file the compiler sees (an
// `env.d.ts` will do):
//   import type {} from 'parley-chat/vue';
// Vue sets a custom element's known properties and turns `@parley:message` into a listener of
// `parley:message`. Tell Vue's compiler that the tag is a custom element
// (`compilerOptions.isCustomElement`), as for any web component.
import type { HTMLAttributes } from 'vue';
import type { ParleyChatAttributes, ParleyChatProperties, ParleyChatVueEventProps } from './common.ts';

export type * from './common.ts';

/** The props of `<parley-chat>` in Vue (`@parley:message` is `onParley:message`). */
export type ParleyChatVueProps = HTMLAttributes & ParleyChatAttributes & ParleyChatProperties & ParleyChatVueEventProps;

declare module 'vue' {
  interface IntrinsicElementAttributes {
    'parley-chat': ParleyChatVueProps;
  }
}

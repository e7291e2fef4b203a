/** @jsxRuntime automatic */ /** @jsxImportSource vue */
// docs/front-end.md, line 121, as Volar sees the template. Made by scripts/doc-samples.ts: do not edit.
import type { ParleyChatEventMap } from 'parley-chat';
import type {} from 'parley-chat/vue';
import { defineComponent, ref } from 'vue';

export const Sample = defineComponent(() => {
  const open = ref(false);
  const onMessage = (event: ParleyChatEventMap['parley:message']) => console.log(event.detail.messages.length);
  void [open, onMessage];
  return () => <parley-chat client-id="your-client-id" base-url="https://api.example.com" isOpen={open.value} onParley:message={onMessage} onParley:close={() => (open.value = false)} />;
});

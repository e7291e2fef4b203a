/** @jsxRuntime automatic */ /** @jsxImportSource vue */
// <parley-chat> in a Vue 3 app, written as TSX: a template's `@parley:message` is the
// `onParley:message` prop below, and Volar checks templates against the same element types.
// (The pragma above only because this repository's own JSX is Preact's.)
import { defineParleyChat, type ParleyChatElement } from 'parley-chat';
import type {} from 'parley-chat/vue';
import { defineComponent, ref } from 'vue';

defineParleyChat();

export const Support = defineComponent(() => {
  const chat = ref<ParleyChatElement>();
  const open = ref(false);
  return () => (
    <parley-chat
      ref={chat}
      client-id="your-client-id"
      base-url="https://api.example.com"
      sdk-url="https://sdk.example.com"
      header-prefix="x-svc"
      thread-id="4f0e…"
      start-event="welcome"
      language="fr"
      heading="Support"
      isOpen={open.value}
      strings={{ send: 'Envoyer', openChat: 'Ouvrir le chat' }}
      class="chat"
      onParley:open={() => (open.value = true)}
      onParley:close={() => (open.value = false)}
      onParley:message={(event) => console.log(event.detail.messages.length, event.detail.threadId)}
      onParley:delivered={(event) => console.log(event.detail.traceId.toFixed(0))}
      onParley:connection={(event) =>
        console.log(event.detail.state satisfies 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline' | 'error')
      }
      onParley:error={(event) => console.error(event.detail.message.toUpperCase())}
    />
  );
});

export const mistakes = [
  // @ts-expect-error client-id is a string
  <parley-chat client-id={42} />,
  // @ts-expect-error `open` would overwrite the element's open() method: bind isOpen
  <parley-chat open />,
  // @ts-expect-error isOpen is a boolean
  <parley-chat isOpen="yes" />,
  // @ts-expect-error no such attribute
  <parley-chat heading2="Support" />,
  // @ts-expect-error the detail of parley:delivered is {traceId}
  <parley-chat onParley:delivered={(event) => event.detail.id} />,
  // @ts-expect-error the detail of parley:connection is {state}
  <parley-chat onParley:connection={(event: CustomEvent<{ status: string }>) => event} />,
  // @ts-expect-error not a UI string
  <parley-chat strings={{ sendButton: 'Envoyer' }} />,
];

/** @jsxRuntime automatic */ /** @jsxImportSource solid-js */
// <parley-chat> in a Solid app. Solid sets a custom element's dynamic attributes as properties,
// so the open state and the strings are `prop:`, the thread is `attr:`; the events are
// `onparley:…` (Solid listens to the lowercased rest of the name).
// (The pragma above only because this repository's own JSX is Preact's.)
import { defineParleyChat, type ParleyChatElement } from 'parley-chat';
import type {} from 'parley-chat/solid';
import { createSignal } from 'solid-js';

defineParleyChat();

export function Support() {
  let chat: ParleyChatElement | undefined;
  const [open, setOpen] = createSignal(false);
  return (
    <parley-chat
      ref={chat}
      client-id="your-client-id"
      base-url="https://api.example.com"
      sdk-url="https://sdk.example.com"
      header-prefix="x-svc"
      attr:thread-id="4f0e…"
      start-event="welcome"
      language="fr"
      heading="Support"
      prop:isOpen={open()}
      prop:strings={{ send: 'Envoyer', openChat: 'Ouvrir le chat' }}
      class="chat"
      onparley:open={() => setOpen(true)}
      onparley:close={() => setOpen(false)}
      onparley:message={(event) => console.log(event.detail.messages.length, event.detail.threadId)}
      onparley:delivered={(event) => console.log(event.detail.traceId.toFixed(0))}
      onparley:connection={(event) =>
        console.log(event.detail.state satisfies 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline' | 'error')
      }
      onparley:error={(event) => console.error(event.detail.message.toUpperCase())}
    />
  );
}

export const mistakes = [
  // @ts-expect-error client-id is a string
  <parley-chat client-id={42} />,
  // @ts-expect-error `open` would overwrite the element's open() method: use prop:isOpen
  <parley-chat open />,
  // @ts-expect-error Solid would set the property `isopen`: use prop:isOpen
  <parley-chat isOpen={true} />,
  // @ts-expect-error isOpen is a boolean
  <parley-chat prop:isOpen="yes" />,
  // @ts-expect-error Solid would set the read-only threadId property: use attr:thread-id
  <parley-chat thread-id="4f0e…" />,
  // @ts-expect-error no such attribute
  <parley-chat heading2="Support" />,
  // @ts-expect-error the detail of parley:delivered is {traceId}
  <parley-chat onparley:delivered={(event) => event.detail.id} />,
  // @ts-expect-error not a UI string
  <parley-chat prop:strings={{ sendButton: 'Envoyer' }} />,
];

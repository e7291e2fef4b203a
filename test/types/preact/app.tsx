// <parley-chat> in a Preact app, with the automatic JSX runtime most Preact apps use.
/** @jsxRuntime automatic */ /** @jsxImportSource preact */
import { defineParleyChat, type ParleyChatElement } from 'parley-chat';
import type {} from 'parley-chat/preact';
import de from 'parley-chat/languages/de';
import { useRef, useState } from 'preact/hooks';

defineParleyChat(); // before the first render, so Preact sets isOpen and strings as properties

export function Support() {
  const chat = useRef<ParleyChatElement>(null);
  const [open, setOpen] = useState(false);
  return (
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
      isOpen={open}
      strings={{ send: 'Envoyer', openChat: 'Ouvrir le chat' }}
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

/** A language's texts as a base for a page's own (`parley-chat/languages/<tag>`). */
export function German() {
  return <parley-chat client-id="your-client-id" base-url="https://api.example.com" language="de" strings={{ ...de, send: 'Los' }} />;
}

export function Mistakes() {
  return [
    // @ts-expect-error client-id is a string
    <parley-chat client-id={42} />,
    // @ts-expect-error `open` would overwrite the element's open() method: bind isOpen
    <parley-chat open />,
    // @ts-expect-error isOpen is a boolean
    <parley-chat isOpen="yes" />,
    // @ts-expect-error no such attribute
    <parley-chat heading2="Support" />,
    // @ts-expect-error the detail of parley:delivered is {traceId}
    <parley-chat onparley:delivered={(event) => event.detail.id} />,
    // @ts-expect-error the detail of parley:connection is {state}
    <parley-chat onparley:connection={(event: CustomEvent<{ status: string }>) => event} />,
    // @ts-expect-error not a UI string
    <parley-chat strings={{ sendButton: 'Envoyer' }} />,
    // @ts-expect-error a ref of another element
    <parley-chat ref={useRef<HTMLInputElement>(null)} />,
  ];
}

/** @jsxRuntime automatic */ /** @jsxImportSource react */
// <parley-chat> in a React 19 app. (The pragmas above only because this repository's own JSX is
// Preact's; an app sets "jsxImportSource" or nothing.)
import { defineParleyChat, type ParleyChatElement } from 'parley-chat';
import type {} from 'parley-chat/react';
import { useRef, useState } from 'react';

defineParleyChat(); // before the first render, so React sets isOpen and strings as properties

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
      notify-title
      notify-sound={true}
      launcher="none"
      isOpen={open}
      strings={{ send: 'Envoyer', openChat: 'Ouvrir le chat' }}
      className="chat"
      hidden={false}
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
  // @ts-expect-error `open` would overwrite the element's open() method: bind isOpen
  <parley-chat open />,
  // @ts-expect-error isOpen is a boolean
  <parley-chat isOpen="yes" />,
  // @ts-expect-error no such attribute
  <parley-chat heading2="Support" />,
  // @ts-expect-error notify-sound is on or off
  <parley-chat notify-sound="loud" />,
  // @ts-expect-error the launcher is a button or none
  <parley-chat launcher="hidden" />,
  // @ts-expect-error the detail of parley:delivered is {traceId}
  <parley-chat onparley:delivered={(event) => event.detail.id} />,
  // @ts-expect-error the detail of parley:connection is {state}
  <parley-chat onparley:connection={(event: CustomEvent<{ status: string }>) => event} />,
  // @ts-expect-error not a UI string
  <parley-chat strings={{ sendButton: 'Envoyer' }} />,
  // @ts-expect-error a ref of another element
  <parley-chat ref={useRef<HTMLInputElement>(null)} />,
];

// setUser and sendEvent take what the socket API takes: its mistakes fail to compile.
export function userMistakes(chat: ParleyChatElement) {
  chat.setUser({ name: 'Ada', profile: { email: 'ada@example.com', gender: 'F', timezone: 1 } });
  // @ts-expect-error phoneNumber is REST only: the socket profile has no such field
  chat.setUser({ profile: { phoneNumber: '+31612345678' } });
  // @ts-expect-error gender is "M", "F" or "U"
  chat.setUser({ profile: { gender: 'female' } });
  // @ts-expect-error timezone is a number of hours
  chat.setUser({ profile: { timezone: '+1' } });
  // @ts-expect-error the event's name is a string
  void chat.sendEvent(42);
}

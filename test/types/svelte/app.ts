// <parley-chat> in a Svelte 5 app. svelte-check (which needs TypeScript's JS API) checks a
// template's attributes against `SvelteHTMLElements['parley-chat']` from 'svelte/elements';
// `attributes()` below asks the same question of plain TypeScript. The template is:
//
//   <parley-chat client-id="your-client-id" base-url="https://api.example.com" heading="Support"
//     isOpen={open} onparley:message={(event) => console.log(event.detail)}></parley-chat>
import { defineParleyChat } from 'parley-chat';
import type {} from 'parley-chat/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

defineParleyChat();

function attributes<Tag extends keyof SvelteHTMLElements>(_tag: Tag, _attributes: SvelteHTMLElements[Tag]): void {}

let open = false;

attributes('parley-chat', {
  'client-id': 'your-client-id',
  'base-url': 'https://api.example.com',
  'sdk-url': 'https://sdk.example.com',
  'header-prefix': 'x-svc',
  'thread-id': '4f0e…',
  'start-event': 'welcome',
  language: 'fr',
  heading: 'Support',
  isOpen: open,
  strings: { send: 'Envoyer', openChat: 'Ouvrir le chat' },
  class: 'chat',
  'onparley:open': () => (open = true),
  'onparley:close': () => (open = false),
  'onparley:message': (event) => console.log(event.detail.messages.length, event.detail.threadId),
  'onparley:delivered': (event) => console.log(event.detail.traceId.toFixed(0)),
  'onparley:connection': (event) =>
    console.log(event.detail.state satisfies 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline' | 'error'),
  'onparley:error': (event) => console.error(event.detail.message.toUpperCase()),
});

// @ts-expect-error client-id is a string
attributes('parley-chat', { 'client-id': 42 });
// @ts-expect-error Svelte sets `open={false}` as open="false", which opens the panel: bind isOpen
attributes('parley-chat', { open: true });
// @ts-expect-error isOpen is a boolean
attributes('parley-chat', { isOpen: 'yes' });
// @ts-expect-error no such attribute
attributes('parley-chat', { heading2: 'Support' });
// @ts-expect-error the detail of parley:delivered is {traceId}
attributes('parley-chat', { 'onparley:delivered': (event) => event.detail.id });
// @ts-expect-error the detail of parley:connection is {state}
attributes('parley-chat', { 'onparley:connection': (event: CustomEvent<{ status: string }>) => event });
// @ts-expect-error not a UI string
attributes('parley-chat', { strings: { sendButton: 'Envoyer' } });

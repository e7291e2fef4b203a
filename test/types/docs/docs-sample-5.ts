// docs/front-end.md, line 191. Made by scripts/doc-samples.ts: do not edit.
declare const chat: import('parley-chat').ParleyChatElement;
declare function showMyCalendar(payload: unknown): void;
chat.addEventListener('parley:message', (event) => {
  for (const message of event.detail.messages)
    for (const response of message.responses ?? [])
      if (response.type === 'custom') showMyCalendar(response.payload); // your own UI
});
export {};

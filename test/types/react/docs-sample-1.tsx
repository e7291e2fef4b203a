/** @jsxRuntime automatic */ /** @jsxImportSource react */
// docs/front-end.md, line 90, as a component. Made by scripts/doc-samples.ts: do not edit.
import { useState } from 'react';
import { defineParleyChat } from 'parley-chat';
import type {} from 'parley-chat/react';

export function Sample() {
  const [open, setOpen] = useState(false);
  void open;
  void setOpen;
  const [last, setLast] = useState<unknown>();
  void last;
  void setLast;
  defineParleyChat();
  
  return (
    <parley-chat client-id="your-client-id" base-url="https://api.example.com" isOpen={open}
      onparley:close={() => setOpen(false)} onparley:message={(event) => setLast(event.detail)} />
  );
}

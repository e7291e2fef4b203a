/** @jsxRuntime automatic */ /** @jsxImportSource preact */
// docs/front-end.md, line 106, as a component. Made by scripts/doc-samples.ts: do not edit.
import { useState } from 'preact/hooks';
import type {} from 'parley-chat/preact';

export function Sample() {
  const [open, setOpen] = useState(false);
  void open;
  void setOpen;
  const [last, setLast] = useState<unknown>();
  void last;
  void setLast;
  return (
    <parley-chat client-id="your-client-id" base-url="https://api.example.com" isOpen={open}
      onparley:message={(event) => setLast(event.detail)} />
  );
}

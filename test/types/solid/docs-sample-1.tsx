/** @jsxRuntime automatic */ /** @jsxImportSource solid-js */
// docs/front-end.md, line 138, as a component. Made by scripts/doc-samples.ts: do not edit.
import { createSignal } from 'solid-js';
import type {} from 'parley-chat/solid';

export function Sample() {
  const [open, setOpen] = createSignal(false);
  void open;
  void setOpen;
  const [last, setLast] = createSignal<unknown>();
  void last;
  void setLast;
  return (
    <parley-chat client-id="your-client-id" base-url="https://api.example.com" prop:isOpen={open()}
      onparley:message={(event) => setLast(event.detail)} />
  );
}

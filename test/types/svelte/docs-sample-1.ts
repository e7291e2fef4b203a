// docs/front-end.md, line 129, as svelte-check sees it. Made by scripts/doc-samples.ts: do not edit.
import type {} from 'parley-chat/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

function attributes<Tag extends keyof SvelteHTMLElements>(_tag: Tag, _attributes: SvelteHTMLElements[Tag]): void {}
let open = false;
let last: unknown;
attributes('parley-chat', {
  'client-id': "your-client-id",
  'base-url': "https://api.example.com",
  'isOpen': open,
  'onparley:message': (event) => (last = event.detail),
});
void [open, last];

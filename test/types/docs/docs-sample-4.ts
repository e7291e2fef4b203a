// docs/front-end.md, line 7. Made by scripts/doc-samples.ts: do not edit.
import { defineParleyChat } from 'parley-chat';
defineParleyChat(); // or defineParleyChat('my-chat'); safe to call twice, a no-op in Node/SSR
export {};

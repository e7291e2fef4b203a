// docs/front-end.md, line 114. Made by scripts/doc-samples.ts: do not edit.
import vue from '@vitejs/plugin-vue';
// vite.config.ts
vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'parley-chat' } } })
// env.d.ts
import type {} from 'parley-chat/vue';
export {};

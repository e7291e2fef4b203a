// The type checker's view of the bare import 'parley-chat' in this app. `npm test` type-checks
// before it builds, so dist/types may not exist yet: the types come from the sources the package
// is built from. (Vite resolves the runtime import to the built dist/index.js: vite.config.ts.)
declare module 'parley-chat' {
  export const defineParleyChat: typeof import('../../src/index.ts').defineParleyChat;
  export type ParleyChatElement = import('../../src/index.ts').ParleyChatElement;
}

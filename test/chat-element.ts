// <parley-chat>'s class with its chat already at hand, as if its file had loaded: unit tests
// then need no dynamic import (which fake timers would not wait for).
import { mountChat } from '../src/chat/mount-chat.ts';
import { createParleyChatClass, type ElementDeps } from '../src/loader/parley-chat.ts';
import { loadLanguageChunk } from '../src/i18n/language-chunks.ts';
import * as layoutsModule from '../src/layouts/layouts.ts';

export function elementClassWithChat(deps: ElementDeps = {}) {
  return createParleyChatClass(
    () => Promise.resolve({ mountChat, loadLanguage: loadLanguageChunk }),
    () => Promise.resolve(layoutsModule),
    deps,
  );
}

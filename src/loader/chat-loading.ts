// How the element gets the chat: one load of its code at a time for every element of a class, a
// language's texts once each, and the wait for a conversation that makes the chat needed without
// the visitor asking (this browser has one, or another tab starts one).
import { threadChannelName } from '../browser/storage-marks.ts';
import type { ChatModule } from './chat-host.ts';
import type { Words } from './language.ts';

/** Brings the chat's code: a script of dist/ (the loader) or a dynamic import (the npm entry). */
export type ChatLoader = () => Promise<ChatModule>;

/** A language's texts for the chat's code. */
export type WordsFor = (code: ChatModule, language: string) => Promise<Words>;

/**
 * Where the chat's code is: not needed yet; needed (intent, a method, a stored conversation: here
 * once the chat is mounted, or waiting for the element to be on the page); failed (the loader's
 * failure panel shows); on its way; on its way again after a failure (that panel, busy). Numbers,
 * in that order, because they are the loader's bytes: on its way is LOADING and above.
 */
export const UNWANTED = 0;
export const WANTED = 1;
export const FAILED = 2;
export const LOADING = 3;
export const RETRYING = 4;
export type Loading = typeof UNWANTED | typeof WANTED | typeof FAILED | typeof LOADING | typeof RETRYING;

/** One load at a time, shared by every element of a class; a failed one may be tried again. */
export function sharedLoad(load: ChatLoader): ChatLoader {
  let pending: Promise<ChatModule> | undefined;
  // Its loaders (loadScript, a dynamic import) fail with an Error.
  return () =>
    (pending ??= load().catch((error: Error) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * A language's texts, fetched once for every element of a class; English, and a console warning
 * saying why, where its file cannot load (tried again the next time it is chosen).
 */
export function languageLoader(): WordsFor {
  const loaded = new Map<string, Promise<Words>>();
  return (code, language) => {
    if (language === 'en') return Promise.resolve({ language });
    let words = loaded.get(language);
    if (!words) {
      words = code.loadLanguage(language).then(
        (translation) => ({ language, translation }),
        (error: unknown) => {
          loaded.delete(language);
          console.warn(
            `[parley] the "${language}" texts could not be loaded, so the chat shows English: ${(error as Error)?.message ?? error}`,
          );
          return { language: 'en' };
        },
      );
      loaded.set(language, words);
    }
    return words;
  };
}

/**
 * Another tab of this browser starts a conversation for this client-id: this tab shares it (its
 * launcher counts the unread messages too), so it calls `want` then. Returns a stop. Without
 * BroadcastChannel, the chat loads on intent.
 */
export function awaitConversation(clientId: string, want: () => void): () => void {
  try {
    const channel = new BroadcastChannel(threadChannelName(clientId));
    channel.onmessage = want;
    return () => channel.close();
  } catch {
    return () => {};
  }
}

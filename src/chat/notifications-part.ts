// The notifications' code (notifications.ts) arrives when a page first asks for them (the
// notify-title and notify-sound attributes), not with the chat: most pages do not. The npm build
// brings it with import() (define.ts), the script-tag build as a file of its own beside the
// chat's (embed/chat.ts).
import { effect } from '@preact/signals-core';
import type { NotificationOptions, startNotifications } from './notifications.ts';

export type NotificationsPart = typeof startNotifications;

let source: (() => Promise<NotificationsPart>) | undefined;

/** Where the notifications' code comes from, when first needed (each chat mounted asks once). */
export function notificationsFrom(load: () => Promise<NotificationsPart>): void {
  source = load;
}

/** What the element's attributes ask for: each on when present, and not "false". */
export function notificationsAsked(element: Element): { title: boolean; sound: boolean } {
  const on = (name: string) => !/^(false|null)$/.test(String(element.getAttribute(name)).trim());
  return { title: on('notify-title'), sound: on('notify-sound') };
}

/** Starts the notifications once the page asks for one of them (loading their code then); returns a stop. */
export function watchNotifications(options: NotificationOptions): () => void {
  let stop: (() => void) | undefined;
  let live = true;
  let asked = false;
  const dispose = effect(() => {
    const { title, sound } = options.notify.value;
    if (asked || !(title || sound) || !source) return;
    asked = true;
    // A message that comes while the code loads is new to the visitor: counted from now.
    const known = options.unread.peek();
    source().then(
      (start) => {
        if (live) stop = start({ ...options, known });
      },
      (error: Error) => console.warn('[parley] the page asked for notifications, but their code could not be loaded:', error.message),
    );
  });
  return () => {
    live = false;
    dispose();
    stop?.();
  };
}

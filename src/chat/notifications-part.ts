// The notifications' code (notifications.ts) arrives when a page first asks for them (the
// notify-title and notify-sound attributes), not with the chat: most pages do not (parts/table.ts).
import { effect } from '@preact/signals-core';
import { part } from '../parts/part.ts';
import { WITHOUT_NOTIFY } from '../parts/table.ts';
import type { NotificationOptions, startNotifications } from './notifications.ts';

export type NotificationsPart = typeof startNotifications;

const [, notificationsArrived, load] = part<NotificationsPart>('notify', WITHOUT_NOTIFY);

/** The code is here (tests). */
export { notificationsArrived };

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
    if (asked || !(title || sound)) return;
    asked = true;
    // A message that comes while the code loads is new to the visitor: counted from now.
    const known = options.unread.peek();
    load(console, (start) => {
      if (start && live) stop = start({ ...options, known });
    });
  });
  return () => {
    live = false;
    dispose();
    stop?.();
  };
}

// Telling a visitor who looks elsewhere, when the page asks for it (notify-title, notify-sound):
// the unread count in the page's title while the page is hidden, and a short soft sound for a
// message that arrives while the page is hidden or the panel closed. Loaded when a page first
// asks for them (notifications-part.ts), not with the chat.
import { effect, signal, type ReadonlySignal } from '@preact/signals-core';
import { lockManager } from '../browser/features.ts';
import { slot } from '../browser/slots.ts';
import { slotKey } from '../browser/slot-keys.ts';

/** At most one sound in this long, across the tabs of the browser. */
export const SOUND_GAP_MS = 4_000;

export interface NotificationOptions {
  clientId: string;
  unread: ReadonlySignal<number>;
  open: ReadonlySignal<boolean>;
  notify: ReadonlySignal<{ title: boolean; sound: boolean }>;
  /** The unread count the visitor knows of (when the page asked): a message beyond it is new. */
  known?: number;
}

export function startNotifications(options: NotificationOptions): () => void {
  const hidden = signal(document.visibilityState === 'hidden');
  const onVisibility = () => (hidden.value = document.visibilityState === 'hidden');
  document.addEventListener('visibilitychange', onVisibility);
  const title = titleCount();
  let before = options.known ?? options.unread.peek();
  const stop = effect(() => {
    const unread = options.unread.value;
    const { title: showTitle, sound } = options.notify.value;
    title.show(showTitle && hidden.value ? unread : 0);
    // A new message nobody has seen, while the visitor looks elsewhere.
    if (sound && unread > before && (hidden.value || !options.open.value)) chime(options.clientId);
    before = unread;
  });
  return () => {
    stop();
    title.show(0);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** "(3) My shop" while there is a count; the page's own title back after, unless it set another meanwhile. */
function titleCount() {
  let original: string | undefined;
  let shown: string | undefined;
  return {
    show(count: number): void {
      if (shown !== undefined && document.title !== shown) original = undefined; // the page changed it
      if (count > 0) {
        original ??= document.title;
        document.title = shown = `(${count}) ${original}`;
      } else if (original !== undefined) {
        if (document.title === shown) document.title = original;
        original = shown = undefined;
      }
    },
  };
}

/** Plays the sound in one tab only: the first to take the lock and find none played lately. */
function chime(clientId: string): void {
  const lastPlayed = slot('chime', clientId);
  const playOnce = () => {
    // Without storage (a sandboxed frame) this tab alone decides.
    if (!hasInteracted() || Date.now() - Number(lastPlayed.get() ?? 0) < SOUND_GAP_MS) return;
    lastPlayed.set(String(Date.now()));
    playTone();
  };
  const locks = lockManager();
  if (locks) void locks.request(slotKey('chime', clientId), { ifAvailable: true }, (lock) => lock && playOnce()).catch(() => undefined);
  else playOnce();
}

/** Browsers play sound only after the visitor has used the page (autoplay rules). */
function hasInteracted(): boolean {
  return (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive ?? true;
}

let audio: AudioContext | undefined;

/** Two soft sine tones, a fifth apart, fading out over 0.35 s. No file to fetch. */
function playTone(): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  audio ??= new Context();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  const at = audio.currentTime;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.06, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
  gain.connect(audio.destination);
  for (const [frequency, delay] of [
    [880, 0],
    [1320, 0.09],
  ] as const) {
    const tone = audio.createOscillator();
    tone.frequency.value = frequency;
    tone.connect(gain);
    tone.start(at + delay);
    tone.stop(at + 0.35);
  }
}

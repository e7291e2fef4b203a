// Bundled into the restore bench's seeding page: writes a stored conversation of `count`
// messages through the real store (store/contract.ts), exactly as the widget keeps one,
// and marks the panel open in this tab, so the next page load restores it with the panel open.
import { indexedDbStore } from '../src/store/indexeddb-store.ts';
import type { ThreadMeta } from '../src/store/contract.ts';
import type { TranscriptEntry } from '../src/conversation/transcript.ts';

const BATCH = 500;
const WORDS = 'the order ships within two working days and returns are free for thirty days'.split(' ');

/** The text of message `seq`: it starts with `#seq ` so the bench can find the latest one. */
export const textOf = (seq: number) =>
  `#${seq} ${Array.from({ length: 4 + (seq % 17) }, (_, i) => WORDS[(seq + i) % WORDS.length]).join(' ')}` +
  (seq % 9 === 0 ? ' https://example.com/help' : '');

export async function seed(clientId: string, count: number): Promise<void> {
  const store = indexedDbStore(clientId, console);
  const threadId = crypto.randomUUID();
  const meta: ThreadMeta = { version: 2, threadId, startEventQueued: true, readSeq: count };
  const at = Date.now() - count * 60_000;
  for (let first = 1; first <= count; first += BATCH) {
    const entries: TranscriptEntry[] = [];
    for (let seq = first; seq < first + BATCH && seq <= count; seq++) {
      const common = { seq, at: at + seq * 60_000, text: textOf(seq) };
      entries.push(
        seq % 2
          ? { kind: 'user', id: `u${seq}`, traceId: seq, status: 'delivered', ...common }
          : { kind: 'received', id: `r${seq}`, from: 'bot', ...common },
      );
    }
    await store.write(threadId, { meta, entries });
  }
  sessionStorage.setItem(`parley:open:${clientId}`, '1');
}

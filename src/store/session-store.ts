// storage="session": the conversation lives in this page's memory and, when the page goes away (a
// reload, a navigation), in this tab's sessionStorage, taken back at the next start of the tab.
// It lasts as long as the tab's session and no longer; nothing goes to IndexedDB or localStorage.
import { slot } from '../browser/slots.ts';
import type { Logger } from '../protocol/parse.ts';
import type { ConversationStore } from './contract.ts';
import { memorySnapshot, memoryStore, restoreMemory, type MemorySnapshot } from './memory-store.ts';
import { checks, valid } from './record-checks.ts';

/** Kept when the whole history does not fit the tab's quota. */
const FALLBACK_ENTRIES = 200;

/** The clientIds whose session store is in use in this page, with what saves each. */
const savers = new Map<string, () => void>();
const saveAll = () => savers.forEach((save) => save());

export function sessionStore(clientId: string, logger: Logger): ConversationStore {
  const key = `parley-session:${clientId}`;
  const kept = slot('session', clientId);
  if (!memorySnapshot(key)) takeBack(key, kept.get(), logger);
  const store = memoryStore(key);
  if (savers.size === 0) globalThis.addEventListener?.('pagehide', saveAll);
  savers.set(clientId, () => {
    const snapshot = memorySnapshot(key);
    if (!snapshot) return kept.remove();
    // The whole thread, or its latest entries when the tab's quota is smaller.
    if (!kept.set(JSON.stringify(snapshot))) kept.set(JSON.stringify({ ...snapshot, entries: snapshot.entries.slice(-FALLBACK_ENTRIES) }));
  });
  return {
    ...store,
    async clear() {
      savers.delete(clientId);
      if (savers.size === 0) globalThis.removeEventListener?.('pagehide', saveAll);
      kept.remove();
      await store.clear();
    },
  };
}

/** What the tab kept, each record checked as storage is (a script on the page may have written it). */
function takeBack(key: string, text: string | null | undefined, logger: Logger): void {
  let raw: Partial<Record<keyof MemorySnapshot, unknown>> | undefined;
  try {
    raw = JSON.parse(text ?? 'null') ?? undefined;
  } catch {
    raw = undefined;
  }
  const [meta] = valid(checks.meta, logger)(raw?.meta);
  if (!meta) return;
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  const nextTraceId = Number.isSafeInteger(raw?.nextTraceId) ? (raw!.nextTraceId as number) : undefined;
  restoreMemory(key, {
    meta,
    entries: list(raw?.entries).flatMap(valid(checks.entry, logger)),
    outbox: list(raw?.outbox).flatMap(valid(checks.outbox, logger)),
    nextTraceId,
    queue: list(raw?.queue).flatMap(valid(checks.request, logger)),
  });
}

// @vitest-environment happy-dom
// The storage modes and forget() against the real stores: IndexedDB (fake-indexeddb), Web
// Storage (happy-dom's) and this page's memory. Every key and record listed, none left.
import { createStore, entries as idbEntries } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/fakes.ts';
import { slot, SLOT_AREAS, type SlotName } from '../browser/slots.ts';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { TranscriptEntry, UserEntry } from '../conversation/transcript.ts';
import type { ThreadMeta } from '../store/contract.ts';
import { clientStorage } from './storage.ts';

const meta = (threadId = 'thread-1'): ThreadMeta => ({ version: 2, threadId, startEventQueued: true, readSeq: 0 });
const said = (n: number): UserEntry => ({
  kind: 'user',
  id: `u${n}`,
  seq: n,
  at: n,
  text: `message ${n}`,
  status: 'delivered',
  traceId: n,
});
const request = (rid: string) => ({ rid, text: 'queued', at: 1, draft: { kind: 'text' as const, speech: 'queued' } });

const webStorageKeys = () =>
  [localStorage, sessionStorage].flatMap((area) => Array.from({ length: area.length }, (_, i) => area.key(i)!)).sort();
/** Every IndexedDB record of the widget's database for a clientId. */
async function records(clientId: string): Promise<unknown[]> {
  const all = await idbEntries(createStore('parley', 'conversations'));
  return all.filter(([key]) => Array.isArray(key) && key[0] === clientId);
}
async function chatIn(mode: StorageMode, clientId: string, count = 3) {
  const storage = clientStorage({ clientId, storage: mode }, silentLogger());
  const entries: TranscriptEntry[] = Array.from({ length: count }, (_, i) => said(i + 1));
  await storage.store.write('thread-1', { meta: meta(), entries });
  await storage.store.reserveTraceId('thread-1', count + 1);
  await storage.store.queue(request('r1') as never);
  return storage;
}
const pageHide = () => globalThis.dispatchEvent(new Event('pagehide'));

afterEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('storage="memory"', () => {
  it('writes nothing anywhere, ever: no key, no record, and not even the database', async () => {
    const storage = await chatIn('memory', 'mem-1');
    pageHide();
    expect(webStorageKeys()).toEqual([]);
    const databases = await indexedDB.databases();
    expect(databases.map((db) => db.name)).not.toContain('parley');
    expect((await storage.store.load(10))?.entries).toHaveLength(3);
  });
});

describe('storage="session"', () => {
  it("keeps the conversation in this tab's sessionStorage at page hide, and takes it back", async () => {
    const storage = await chatIn('session', 'ses-1');
    pageHide();
    expect(webStorageKeys()).toEqual(['parley:session:ses-1']);
    expect(await records('ses-1')).toEqual([]);
    // A reload: this page's memory is gone, the tab's session is not.
    await (await import('../store/memory-store.ts')).memoryStore('parley-session:ses-1').clear();
    const again = clientStorage({ clientId: 'ses-1', storage: 'session' }, silentLogger());
    const loaded = await again.store.load(10);
    expect(loaded?.entries.map((entry) => entry.id)).toEqual(['u1', 'u2', 'u3']);
    expect(await again.store.queued()).toHaveLength(1);
    expect(await again.store.reserveTraceId('thread-1', 1)).toBe(5);
    await storage.forget();
  });

  it('ignores what a script on the page wrote in its place', async () => {
    sessionStorage.setItem('parley:session:ses-2', JSON.stringify({ meta: { threadId: 5 }, entries: [{ html: '<img>' }] }));
    const storage = clientStorage({ clientId: 'ses-2', storage: 'session' }, silentLogger());
    expect(await storage.store.load(10)).toBeUndefined();
  });
});

describe('changing the mode at run time', () => {
  it('memory -> local: the conversation stays and is stored from then on, with its traceIds', async () => {
    const storage = await chatIn('memory', 'up-1');
    await storage.setMode('local');
    expect(storage.mode).toBe('local');
    expect(await records('up-1')).not.toEqual([]);
    expect(slot('thread', 'up-1').get()).toBe('1');
    const loaded = await storage.store.load(10);
    expect(loaded?.entries.map((entry) => entry.id)).toEqual(['u1', 'u2', 'u3']);
    expect(await storage.store.queued()).toHaveLength(1);
    expect(await storage.store.reserveTraceId('thread-1', 1)).toBeGreaterThan(3);
    await storage.forget();
  });

  it('local -> memory: every record and key the local mode wrote is deleted; the conversation goes on', async () => {
    const storage = await chatIn('local', 'down-1');
    slot('open', 'down-1').set('1');
    slot('draft', 'down-1').set('{}');
    expect(await records('down-1')).not.toEqual([]);
    await storage.setMode('memory');
    expect(await records('down-1')).toEqual([]);
    expect(webStorageKeys()).toEqual([]);
    expect((await storage.store.load(10))?.entries).toHaveLength(3);
    await storage.forget();
  });

  it('local -> session: nothing left in localStorage or IndexedDB', async () => {
    const storage = await chatIn('local', 'down-2');
    await storage.setMode('session');
    pageHide();
    expect(await records('down-2')).toEqual([]);
    expect(webStorageKeys()).toEqual(['parley:session:down-2']);
    await storage.forget();
  });
});

describe('forget()', () => {
  for (const mode of ['local', 'session', 'memory'] as const) {
    it(`in ${mode} mode deletes every record and every key of the clientId, and nothing of another`, async () => {
      const other = await chatIn('local', 'someone-else');
      const storage = await chatIn(mode, 'gone-1');
      if (mode === 'local') for (const name of Object.keys(SLOT_AREAS) as SlotName[]) slot(name, 'gone-1').set('x');
      pageHide();
      await storage.forget();
      pageHide();
      expect(await records('gone-1')).toEqual([]);
      expect(webStorageKeys().filter((key) => key.endsWith(':gone-1'))).toEqual([]);
      expect(await storage.store.load(10)).toBeUndefined();
      expect(await storage.store.queued()).toEqual([]);
      expect(await records('someone-else')).not.toEqual([]);
      await other.forget();
    });
  }
});

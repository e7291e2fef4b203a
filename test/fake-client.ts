// Test helper: a stand-in for ChatClient (the whole interface: it `satisfies` it), driven through
// writable signals, its unread count the replica's own; and a WidgetView around it.
import { computed, signal } from '@preact/signals-core';
import { vi } from 'vitest';
import type { ChatClient } from '../src/client/create-chat-client.ts';
import { unreadCount } from '../src/conversation/replica.ts';
import type { Draft, DraftStore } from '../src/browser/panel-state.ts';
import type { ConnectionStatus } from '../src/connection/status.ts';
import type { RichAction } from '../src/conversation/rich.ts';
import type { ReceivedEntry, TranscriptEntry, UserEntry } from '../src/conversation/transcript.ts';
import type { QuickReply } from '../src/protocol/frames.ts';
import { panelStrings, type PanelStrings, type Strings } from '../src/i18n/strings.ts';
import type { Drawing, WidgetView } from '../src/ui/view.ts';
import type { ParleyChatElement, ParleyRenderers } from '../src/loader/api.ts';

function fakeClient() {
  const entries = signal<readonly TranscriptEntry[]>([]);
  const readSeq = signal(0);
  const fake = {
    status: signal<ConnectionStatus>({ state: 'open' }),
    entries,
    readSeq,
    unread: computed(() => unreadCount(entries.value, readSeq.value)),
    markRead: vi.fn(() => {
      const latest = [...entries.value].reverse().find((e) => e.kind === 'received');
      if (latest) readSeq.value = Math.max(readSeq.value, latest.seq);
    }),
    hasOlder: signal(false),
    loadOlder: vi.fn(async () => {}),
    /** The whole conversation: here, what is shown. */
    transcript: vi.fn(async (): Promise<readonly TranscriptEntry[]> => entries.value),
    /** As the real one ends: an empty conversation. */
    forget: vi.fn(async () => {
      entries.value = [];
    }),
    typing: signal(false),
    quickReplies: signal<QuickReply[]>([]),
    serviceError: signal<string | undefined>(undefined),
    loaded: signal(true),
    send: vi.fn(async (_text: string): Promise<UserEntry | undefined> => undefined),
    sendQuickReply: vi.fn(async (_reply: QuickReply): Promise<UserEntry | undefined> => undefined),
    sendAction: vi.fn(async (_label: string, _action: RichAction): Promise<UserEntry | undefined> => undefined),
    retry: vi.fn((_traceId: number) => {}),
    discard: vi.fn((_traceId: number) => {}),
    retryNow: vi.fn(() => {}),
    dismissError: vi.fn(() => {}),
    draft: memoryDraft(),
    // What the UI does not drive: there, and recorded.
    ready: Promise.resolve(),
    panelOpen: signal(false),
    hadStoredThread: signal(false),
    threadId: 'thread-1',
    storage: 'local' as const,
    connect: vi.fn(),
    disconnect: vi.fn(),
    sendEvent: vi.fn(async (_name: string, _params?: Record<string, unknown>): Promise<UserEntry | undefined> => undefined),
    setUser: vi.fn(),
    setLanguage: vi.fn(),
    setPanelOpen: vi.fn(),
    reset: vi.fn(async () => {}),
    setStorage: vi.fn(async () => {}),
    on: vi.fn(() => () => {}),
    destroy: vi.fn(async () => {}),
  } satisfies ChatClient;
  return fake;
}

/** The composer's draft store, kept in memory (the real one is the tab's sessionStorage). */
function memoryDraft(): DraftStore {
  let kept: Draft | undefined;
  return {
    read: () => kept,
    write: (draft) => void (kept = draft?.text ? { ...draft } : undefined),
  };
}

export type FakeClient = ReturnType<typeof fakeClient>;

export function fakeView(
  client: FakeClient = fakeClient(),
  options: {
    open?: boolean;
    heading?: string;
    strings?: Partial<Strings>;
    markdown?: boolean;
    renderers?: ParleyRenderers;
    element?: HTMLElement;
  } = {},
) {
  const open = signal(options.open ?? false);
  const view = {
    client,
    open,
    inline: signal(false),
    drawing: signal<Drawing>({
      markdown: options.markdown ?? false,
      renderers: options.renderers,
      element: (options.element ?? globalThis.document?.createElement('div')) as ParleyChatElement,
    }),
    draft: signal<string | undefined>(undefined),
    heading: signal(options.heading ?? 'Chat'),
    strings: signal<PanelStrings>(panelStrings('en', undefined, options.strings)),
    setOpen: vi.fn((value: boolean) => {
      open.value = value;
    }),
    focusLauncher: vi.fn(),
  } satisfies WidgetView;
  return { view, client, open };
}

let ids = 0;

export function userEntry(text: string, extra: Partial<UserEntry> = {}): UserEntry {
  const traceId = extra.traceId ?? ++ids;
  return {
    kind: 'user',
    id: `u${traceId}`,
    traceId,
    text,
    at: Date.now(),
    seq: ++ids,
    status: 'delivered',
    ...extra,
  };
}

export function received(text: string, extra: Partial<ReceivedEntry> = {}): ReceivedEntry {
  const id = ++ids;
  return { kind: 'received', id: `r${id}`, seq: id, from: 'bot', at: Date.now(), text, ...extra };
}

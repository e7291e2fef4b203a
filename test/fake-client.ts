// Test helper: a stand-in for the parts of ChatClient the UI uses, driven through signals,
// and a WidgetView around it.
import { computed, signal } from '@preact/signals-core';
import { vi } from 'vitest';
import type { ChatClient } from '../src/client/create-chat-client.ts';
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
    /** As the real client counts them: received from the bot or an agent, after the read marker. */
    unread: computed(() => entries.value.filter((e) => e.kind === 'received' && e.from !== 'user' && e.seq > readSeq.value).length),
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
    quickReplies: signal<readonly QuickReply[]>([]),
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
  };
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
    client: client as unknown as ChatClient,
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

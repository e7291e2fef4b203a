// What createChatClient returns: the headless client's whole surface, written out.
import type { ReadonlySignal } from '@preact/signals-core';
import type { StorageMode } from '../browser/storage-mode.ts';
import type { ConnectionStatus } from '../connection/status.ts';
import type { ChatClientEventMap } from '../conversation/events.ts';
import type { ChatUser } from '../conversation/send-payloads.ts';
import type { RichAction } from '../conversation/rich.ts';
import type { TranscriptEntry, UserEntry } from '../conversation/transcript.ts';
import type { DraftStore } from '../browser/panel-state.ts';
import type { QuickReply } from '../protocol/frames.ts';

export interface ChatClient {
  /** Resolves once the conversation (stored, or shared by another tab) is loaded. */
  ready: Promise<void>;
  /** The connection as the UI shows it (in every tab: the holding tab's). */
  status: ReadonlySignal<ConnectionStatus>;
  /** The latest messages of the thread, in order; hidden user entries (events) included. */
  entries: ReadonlySignal<readonly TranscriptEntry[]>;
  /** Older messages than `entries` are stored: `loadOlder()` brings them. */
  hasOlder: ReadonlySignal<boolean>;
  /** True while a response is waiting for its delay or the service says keepTyping. */
  typing: ReadonlySignal<boolean>;
  /** Quick replies on offer now (those of the latest message, until the user answers). */
  quickReplies: ReadonlySignal<QuickReply[]>;
  /** Bot and agent messages no tab has shown yet. */
  unread: ReadonlySignal<number>;
  /** The seq of the latest message shown in any tab (those after it are unread). */
  readSeq: ReadonlySignal<number>;
  /** The last `error` frame's message, until dismissed. */
  serviceError: ReadonlySignal<string | undefined>;
  /** The panel was open in this tab before a reload. */
  panelOpen: ReadonlySignal<boolean>;
  /** The composer's unsent text in this tab (kept across closing the panel and reloads). */
  draft: DraftStore;
  /** The conversation is loaded; `ready` has resolved. */
  loaded: ReadonlySignal<boolean>;
  /** This browser already had this conversation when the client was created. */
  hadStoredThread: ReadonlySignal<boolean>;
  readonly threadId: string;
  /** Connects (a no-op while connected). The first connection of a new thread sends the start event. */
  connect(): void;
  /** This tab no longer needs the connection: the socket closes if this tab holds it. Undelivered messages stay queued. */
  disconnect(): void;
  /** Skips the rest of a reconnect wait. */
  retryNow(): void;
  /** Sends a text message; resolves with its transcript entry, or undefined if it could not be queued. */
  send(text: string): Promise<UserEntry | undefined>;
  /** Sends an event attachment; params go in metadata.params. No bubble is shown. */
  sendEvent(name: string, params?: Record<string, unknown>): Promise<UserEntry | undefined>;
  /** Answers with a quick reply: the bubble shows its label. */
  sendQuickReply(reply: QuickReply): Promise<UserEntry | undefined>;
  /**
   * Performs a rich response's button or action that talks to the bot: `postback` sends its
   * text, `event` an event attachment with its params; either way the bubble shows the label.
   */
  sendAction(label: string, action: RichAction): Promise<UserEntry | undefined>;
  /** Sends a failed message again, with its original traceId (connecting if need be). */
  retry(traceId: number): void;
  /** Gives up a failed message: it leaves the transcript and is never sent. */
  discard(traceId: number): void;
  /** Name, profile and metadata sent as the originator of the next messages. */
  setUser(next: ChatUser): void;
  /** The language the next messages carry as `metadata.language` (a two-letter code; the browser's when unset). */
  setLanguage(language: string | undefined): void;
  /** Remembers whether this tab's panel is open, across its reloads. */
  setPanelOpen(open: boolean): void;
  /** The messages on screen have been seen: unread counts drop in every tab. */
  markRead(): void;
  /** Brings older stored messages into `entries` (the visitor scrolled back). */
  loadOlder(): Promise<void>;
  dismissError(): void;
  /** Starts a new thread with an empty transcript, in every tab; reconnects if connected. */
  reset(): Promise<void>;
  /**
   * Deletes every record and key the widget wrote for this clientId in this browser, in every
   * tab, closes the socket and clears the transcript; the next message starts a new thread.
   * Nothing is sent to the service, which keeps its own copy.
   */
  forget(): Promise<void>;
  /** The storage mode now: set with setStorage(). */
  readonly storage: StorageMode;
  /**
   * Raising the mode keeps the conversation shown and stores it from then on; lowering it deletes
   * what the higher mode wrote. Resolves when the conversation is where the mode says.
   */
  setStorage(mode: StorageMode): Promise<void>;
  /**
   * Every entry of the thread, stored (older ones too) or shown, once each, oldest first; hidden
   * user entries (events) included. What "Save a copy" writes out.
   */
  transcript(): Promise<readonly TranscriptEntry[]>;
  /** Adds a listener; returns what removes it. */
  on: <K extends keyof ChatClientEventMap>(type: K, listener: (detail: ChatClientEventMap[K]) => void) => () => void;
  /** Closes everything: socket, timers, listeners; another tab takes over. Pending saves still complete. */
  destroy(): Promise<void>;
}

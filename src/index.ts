// The npm entry. Importing it has no side effects and touches no browser global.
export { defineParleyChat } from './element/define.ts';
export type { ParleyChatElement, ParleyChatEventMap } from './element/api.ts';
export type { ElementDeps } from './element/chat-host.ts';
export { defaultStrings } from './ui/strings.ts';
export type { Strings } from './ui/strings.ts';
export type { Translation } from './i18n/translation.ts';
export { createChatClient, checkOptions, MAX_MESSAGE_LENGTH } from './client.ts';
export type { ChatClient, ChatClientOptions, ChatClientEventMap } from './client.ts';
export type { ConnectionStatus, ConnectionStateName } from './connection/status.ts';
export type { ConnectionError, ConnectionState } from './connection/machine.ts';
export type { ConnectionTimings, SocketConstructor, SocketLike } from './connection/connection.ts';
export type { Clock } from './connection/clock.ts';
export type { Environment } from './connection/environment.ts';
export type { ConversationStore, StoredConversation, ThreadMeta, OutboxRecord, Changes } from './conversation/persistence.ts';
export { memoryStore } from './conversation/memory-store.ts';
export type { TabSupport } from './tabs/coordinator.ts';
export type { ChatUser, Locale } from './conversation/outgoing.ts';
export type { TranscriptEntry, UserEntry, ReceivedEntry, SendStatus, Author } from './conversation/transcript.ts';
export type {
  IncomingFrame,
  OutgoingFrame,
  OutgoingMessage,
  QuickReply,
  ReceivedMessage,
  ReceivedPayload,
  ReceivedMessageDetail,
  Originator,
  Profile,
} from './protocol/frames.ts';

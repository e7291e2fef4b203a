// The npm entry. Importing it has no side effects and touches no browser global.
export { defineParleyChat } from './define.ts';
export type {
  OpenOptions,
  ParleyChatElement,
  ParleyChatEventMap,
  ParleyRenderContext,
  ParleyRenderer,
  ParleyRenderers,
  ParleyResponse,
} from './loader/api.ts';
export type { ElementDeps } from './loader/chat-host.ts';
export { defaultStrings } from './i18n/strings.ts';
export type { Strings } from './i18n/strings.ts';
export type { Translation } from './i18n/translation.ts';
export { checkOptions, MAX_MESSAGE_LENGTH } from './client/create-chat-client.ts';
export { createChatClient } from './client/headless.ts';
export type { ChatClient, ChatClientOptions, ChatClientEventMap } from './client/create-chat-client.ts';
export type { ConnectionStatus, ConnectionStateName } from './connection/status.ts';
export type { ConnectionError, ConnectionState } from './connection/machine.ts';
export type { ConnectionTimings } from './connection/connection.ts';
export type { Platform, SocketConstructor, SocketLike } from './browser/platform.ts';
export type { Clock } from './browser/clock.ts';
export type { Environment } from './browser/environment.ts';
export type { ConversationStore, StoredConversation, ThreadMeta, OutboxRecord, Changes } from './store/contract.ts';
export { memoryStore } from './store/memory-store.ts';
export type { TabSupport } from './tabs/coordinator.ts';
export type { ChatUser, Locale } from './conversation/send-payloads.ts';
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

// What a client reports to its page: the same in every tab of a conversation.
import type { ConnectionStateName, ConnectionStatus } from '../connection/status.ts';
import type { ReceivedMessageDetail } from '../protocol/frames.ts';

export interface ChatClientEventMap {
  /** A `message.received` frame for this thread: its payload as the service sent it, every field. */
  message: ReceivedMessageDetail;
  /** The service confirmed a message. */
  delivered: { traceId: number };
  /** The connection's state name changed. */
  connection: { state: ConnectionStateName; status: ConnectionStatus };
  /** An `error` frame, a refused configuration, or a connection that cannot be made. */
  error: { message: string; source: 'service' | 'connection' | 'config' };
}

/** The events one tab passes on to the others (connection changes travel as status ops). */
export type SharedEvent = { [K in 'message' | 'delivered' | 'error']: { type: K; detail: ChatClientEventMap[K] } }[
  'message' | 'delivered' | 'error'];

// What the service does with a message, whichever door it came in by: the socket (a widget),
// the REST API (a back end, or a human agent as `moderator`), or a manual event trigger. It
// keeps the transcript, moves the conversation state (states.ts), lets the bot answer from
// the flows, and tells the sockets, the webhook and the console's feed. This file wires the
// parts in conversations/: timers, recording, socket output, state, the bot, the two doors and
// control.
import { createBot } from './bot.ts';
import { createConversationControl, type ConversationControl } from './control.ts';
import type { ConversationDeps } from './deps.ts';
import { createRecording } from './recording.ts';
import { createRestDoor, type RestMessageHandler } from './rest-door.ts';
import { createSocketDoor, type SocketSendHandler } from './socket-door.ts';
import { createSocketOutput, type ReplyKnobs } from './socket-output.ts';
import { createConversationState } from './state.ts';
import { createConversationTimers } from './timers.ts';

export type { ControlAction } from './control.ts';
export type { ConversationDeps } from './deps.ts';

export interface Conversations extends ConversationControl {
  /** A valid `message.send` from a socket; a string is an `error` to answer instead. */
  onSocketSend: SocketSendHandler;
  /**
   * POST messages/:threadId. An `external` message is answered by the bot to the webhook
   * (`message`), or returned when `sync`; a `moderator` message pauses the bot and reaches the
   * thread's sockets. Resolves when the action completed (with writeConcern, its replies too).
   */
  restMessage: RestMessageHandler;
  /** The control API's knobs on socket replies, with how many frames are held. */
  readonly replies: ReplyKnobs & { held: number };
  setReplies(next: Partial<ReplyKnobs>): void;
  /** Stops every timer and drops held frames (the emulator's reset). */
  reset(): void;
}

export function createConversations(deps: ConversationDeps): Conversations {
  const timers = createConversationTimers(deps.clock);
  const recording = createRecording(deps);
  const output = createSocketOutput(deps, timers);
  const state = createConversationState(deps, timers, recording);
  const bot = createBot(deps, { timers, recording, output, state });
  const { control, triggerEvent } = createConversationControl(deps, state, bot);
  return {
    onSocketSend: createSocketDoor(deps, { recording, output, state, bot }),
    restMessage: createRestDoor(deps, { timers, recording, output, state, bot }),
    control,
    triggerEvent,
    get replies() {
      return output.replies;
    },
    setReplies: (next) => output.setReplies(next),
    reset(): void {
      timers.clearAll();
      output.reset();
    },
  };
}

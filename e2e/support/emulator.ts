// Typed access to the emulator's control API for the Playwright specs.
import { expect, type APIRequestContext } from '@playwright/test';
import type { ControlState } from '../../emulator/control.ts';

/** The control API's state, as the emulator declares it (emulator/control.ts). */
export type EmulatorState = ControlState;
export type ConnectionLog = ControlState['connections'][number];
export interface ReceivedFrame {
  at: number;
  sessionId: string;
  threadId?: string;
  raw: string;
  frame?: { type: string; payload?: Record<string, unknown> };
  /** The error the emulator answered with, if it refused the frame. */
  error?: string;
  /** Logged from a blackholed socket: never processed. */
  blackholed?: boolean;
}

// A read is sent again when the connection was reset: a kept-alive socket the dev server closed
// for idleness just as the request went out (ECONNRESET, seen once in a full run). Reads only:
// a control verb that changes something is never sent twice.
const READ = { maxRetries: 2 };

export function emulator(request: APIRequestContext) {
  const control = async (verb: string, body: unknown = {}) => {
    const response = await request.post(`/parley-emulator/__control/${verb}`, { data: body });
    expect(response.ok(), `control ${verb}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  /** The keys `npm start`'s emulator made at start (random): the console's state shows them to its own side. */
  const keys = async (): Promise<{ apiKey: string; managementKey: string }> => {
    const state = await (await request.get('/parley-emulator/console/api/state', READ)).json();
    return state.settings;
  };
  return {
    control,
    keys,
    reset: () => control('reset'),
    state: async (): Promise<EmulatorState> => (await request.get('/parley-emulator/__control/state', READ)).json(),
    received: async (threadId?: string): Promise<ReceivedFrame[]> =>
      (await request.get(`/parley-emulator/__control/received${threadId ? `?threadId=${encodeURIComponent(threadId)}` : ''}`, READ)).json(),
    /** A human agent answers through the REST API, as a back end or the console would. */
    agentSays: async (threadId: string, speech: string, agent: { name: string; picture?: string } = { name: 'Sam' }) => {
      const response = await request.post(`/parley-emulator/rest/v1/messages/${encodeURIComponent(threadId)}`, {
        headers: { authorization: (await keys()).apiKey },
        data: {
          payload: {
            type: 'text',
            speech,
            originator: { name: agent.name, role: 'moderator', ...(agent.picture ? { profile: { picture: agent.picture } } : {}) },
          },
        },
      });
      expect(response.ok(), `agent message: ${await response.text()}`).toBe(true);
    },
    /** The message.send payloads the emulator received, in order. */
    sends: async (threadId?: string) => {
      const frames: ReceivedFrame[] = await (
        await request.get(`/parley-emulator/__control/received${threadId ? `?threadId=${encodeURIComponent(threadId)}` : ''}`, READ)
      ).json();
      return frames.filter((f) => f.frame?.type === 'message.send').map((f) => f.frame!.payload!);
    },
  };
}

/** The bot sends one message holding these responses, to the thread's open sockets (at least one). */
export async function botSends(
  request: APIRequestContext,
  threadId: string,
  responses: unknown[],
  fallback = 'This message cannot be shown here.',
) {
  const frame = {
    type: 'message.received',
    payload: { threadId, originator: { name: 'Parley Bot', role: 'bot' }, messages: [{ fallback, responses }] },
  };
  const { sent } = await emulator(request).control('push', { threadId, frame });
  expect(sent).toBeGreaterThan(0);
}

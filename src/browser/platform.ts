// What the widget uses of the world around it: time, chance, ids, the network, the page and the
// console. One object, resolved once per client with the real ones (createChatClient) and passed
// whole to the parts that need it; tests hand in fakes for what they control (test/fakes.ts).
import type { Logger } from '../protocol/parse.ts';
import { randomUuid } from '../util/uuid.ts';
import { systemClock, type Clock } from './clock.ts';
import { browserEnvironment, type Environment } from './environment.ts';

/** The part of the browser's WebSocket the connection uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type SocketConstructor = new (url: string) => SocketLike;

export interface Platform {
  clock: Clock;
  /** Backoff jitter, the random part of a shared thread's traceIds, the salt of received entries' ids. */
  random: () => number;
  /** Session ids and thread ids. */
  uuid: () => string;
  fetch: typeof globalThis.fetch;
  /** None where the browser has none: the connection says so as its error. */
  WebSocket: SocketConstructor | undefined;
  /** Online or not, visible or not. */
  environment: Environment;
  /** The page's protocol: on `https:` only wss:// socket addresses are accepted. */
  pageProtocol: string | undefined;
  logger: Logger;
}

/** The real world, with what `given` replaces (an absent or undefined member is the real one). */
export function resolvePlatform(given: Partial<Platform> = {}): Platform {
  return {
    clock: given.clock ?? systemClock,
    random: given.random ?? Math.random,
    uuid: given.uuid ?? randomUuid,
    // Looked up at each call: a page (or a test) that wraps fetch later is heard.
    fetch: given.fetch ?? ((...args) => globalThis.fetch(...args)),
    WebSocket: given.WebSocket ?? (globalThis.WebSocket as unknown as SocketConstructor | undefined),
    environment: given.environment ?? browserEnvironment(),
    pageProtocol: given.pageProtocol ?? globalThis.location?.protocol,
    logger: given.logger ?? console,
  };
}

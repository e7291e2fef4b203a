// The emulator's own origin (the built-in receiver's URL, the flows' media): set by whoever
// listens (set), else learnt from the first request whose Host passed the host check (learn).
import type { IncomingMessage } from 'node:http';
import type { AccessRules } from './access.ts';
import { trimTrailingSlashes } from './bounds.ts';

export interface OwnOrigin {
  /** `http://host:port`, or '' while unknown. */
  get(): string;
  /**
   * Only from a Host the host check vouched for: a DNS-rebound first request would otherwise make
   * every later default webhook (transcripts, the verify token) go to the attacker's name. With
   * `allowHosts: true` (Vite's `allowedHosts: true`) nothing vouches: only `set` sets it.
   */
  learn(req: IncomingMessage): void;
  /** The emulator's own address, for the built-in receiver's URL and the flows' media (else learnt from a checked first request). */
  set(url: string): void;
}

export function createOwnOrigin(access: AccessRules): OwnOrigin {
  let origin = '';
  return {
    get: () => origin,
    learn(req) {
      if (origin || !req.headers.host || access.allowHosts === true) return;
      origin = `http://${req.headers.host}`;
    },
    set(url) {
      origin = trimTrailingSlashes(url);
    },
  };
}

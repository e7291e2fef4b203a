// The single-use socket tokens an address request issues, valid 60 s (spec 3, 8), and taken by
// the upgrade of the socket they address.
import { randomBytes } from 'node:crypto';
import { BoundedMap, estimateSize } from '../safety/bounded.ts';
import { BOUNDS, EXPIRED_TOKEN_MEMORY_MS, type KeptSizes } from '../safety/retention.ts';
import type { Clock } from '../core/clock.ts';
import type { Mode } from '../core/options.ts';

export interface TokenRecord {
  token: string;
  clientId: string;
  sessionId: string;
  mode: Mode;
  threadId?: string;
  issuedAt: number;
  used: boolean;
}

/** Who a token is for: the secret mode also names the thread. */
type TokenHolder = Pick<TokenRecord, 'clientId' | 'sessionId' | 'mode' | 'threadId'>;

export interface TokenBook {
  /** A new token (forgetting those long expired first). */
  issue(holder: TokenHolder): string;
  /** Takes a token for an upgrade: the record, or why it is refused. */
  take(token: string): TokenRecord | string;
  kept(): Pick<KeptSizes, 'tokens'>;
  clear(): void;
}

export function createTokenBook(deps: { tokenTtlMs(): number; clock: Clock; onDrop(): void }): TokenBook {
  /** In the order issued, so the expired ones are the first. */
  const tokens = new BoundedMap<string, TokenRecord>(BOUNDS.tokens, (_, rec) => estimateSize(rec), deps.onDrop);

  /** Expired tokens are forgotten a while after they expire (an upgrade with one then hears `unknown token`). */
  function sweepExpired(): void {
    const now = deps.clock.now();
    for (const [token, rec] of tokens.entries()) {
      if (now - rec.issuedAt <= deps.tokenTtlMs() + EXPIRED_TOKEN_MEMORY_MS) return;
      tokens.delete(token);
    }
  }

  return {
    issue(holder) {
      sweepExpired();
      const token = randomBytes(18).toString('base64url');
      tokens.set(token, { token, ...holder, issuedAt: deps.clock.now(), used: false });
      return token;
    },
    take(token) {
      const rec = tokens.get(token);
      if (!rec) return 'unknown token';
      if (rec.used) return 'token already used (socket addresses are single-use)';
      if (deps.clock.now() - rec.issuedAt > deps.tokenTtlMs()) return 'token expired';
      rec.used = true;
      return rec;
    },
    kept: () => ({ tokens: tokens.kept() }),
    clear: () => tokens.clear(),
  };
}

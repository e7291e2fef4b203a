// Socket address requests (spec 4.1, 5): plain (`socket.info?sessionId=&clientId=`) and secret
// (`sdk/socket.info` with the four prefixed headers), single-use tokens valid 60 s (spec 3, 8),
// and the failures tests inject through the control API.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { overlongId } from '../bounds.ts';
import { BoundedList, BoundedMap, estimateSize } from '../bounded.ts';
import { BOUNDS, EXPIRED_TOKEN_MEMORY_MS, type BoundName, type KeptSizes } from '../retention.ts';
import type { Clock } from '../clock.ts';
import { header, sendJson } from '../http.ts';
import type { EmulatorLog } from '../log.ts';
import { clientFor, type Mode, type ResolvedOptions } from '../options.ts';
import type { ThreadStore } from '../threads.ts';

export interface TokenRecord {
  token: string;
  clientId: string;
  sessionId: string;
  mode: Mode;
  threadId?: string;
  issuedAt: number;
  used: boolean;
}

export interface AddressLogEntry {
  at: number;
  mode: Mode;
  clientId?: string;
  sessionId?: string;
  threadId?: string;
  secretSent?: string;
  origin?: string;
  /** HTTP status answered; 0 when the connection was destroyed (networkError). */
  status: number;
  /** The `status` field of the body ('ok' | 'error'), absent for networkError. */
  result?: string;
  message?: string;
}

/** Failures the control API injects, checked before anything else. */
export interface Overrides {
  fail: number;
  failStatus: number;
  refuse: number;
  networkError: number;
}

export interface AddressConfig {
  tokenTtlMs: number;
  headerPrefix: string;
  rotateSecret: boolean;
}

export const newOverrides = (): Overrides => ({ fail: 0, failStatus: 500, refuse: 0, networkError: 0 });

type Answer = (status: number, body: Record<string, unknown>) => void;

export interface AddressDeps {
  options: ResolvedOptions;
  config: AddressConfig;
  threads: ThreadStore;
  clock: Clock;
  log: EmulatorLog;
  /** A bound dropped something (drops.ts says so once). */
  onDrop?(name: BoundName): void;
}

// oxlint-disable-next-line max-lines-per-function -- a whole subsystem in one closure, to split along its seams (issue 29)
export function createAddressDesk(deps: AddressDeps) {
  const dropped = (name: BoundName) => () => deps.onDrop?.(name);
  /** In the order issued, so the expired ones are the first. */
  const tokens = new BoundedMap<string, TokenRecord>(BOUNDS.tokens, (_, rec) => estimateSize(rec), dropped('tokens'));
  /** Forgotten ones (the oldest, beyond the bound) are taken as new: no departure is logged for them. */
  const usedSessionIds = new BoundedMap<string, true>(BOUNDS.sessionIds, (id) => estimateSize(id), dropped('sessionIds'));
  const requests = new BoundedList<AddressLogEntry>(BOUNDS.addressRequests, estimateSize, dropped('addressRequests'));
  let overrides = newOverrides();

  function handle(req: IncomingMessage, res: ServerResponse, url: URL, mode: Mode): void {
    const entry = describe(req, url, mode);
    requests.push(entry);
    const answer: Answer = (status, body) => {
      entry.status = status;
      entry.result = String(body.status);
      if (typeof body.message === 'string') entry.message = body.message;
      deps.log.info(`address ${mode} ${entry.clientId}/${entry.sessionId} -> ${status}`, body.message ?? '');
      sendJson(req, res, status, body);
    };
    if (injectFailure(req, answer, mode)) return;
    const problem = missingParts(entry, mode) ?? overlongPart(entry, mode);
    if (problem) return answer(400, { status: 'error', message: problem });
    const refusal = refuseClient(entry, mode, header(req, 'origin'));
    if (refusal) return answer(refusal.status, { status: 'error', message: refusal.message });
    if (!checkSessionId(entry, answer)) return;
    let secret: string | undefined;
    if (mode === 'secret') {
      secret = secretFor(entry, answer);
      if (secret === undefined) return;
    }
    usedSessionIds.set(entry.sessionId!, true);
    const token = issueToken(entry, mode);
    const endpoint = `${wsScheme(req)}://${header(req, 'host') ?? '127.0.0.1'}${deps.options.prefix}/ws?token=${token}`;
    answer(200, { status: 'ok', payload: { endpoint }, ...(secret !== undefined ? { secret } : {}) });
  }

  function describe(req: IncomingMessage, url: URL, mode: Mode): AddressLogEntry {
    const origin = header(req, 'origin');
    const entry: AddressLogEntry = { at: deps.clock.now(), mode, status: 0, ...(origin ? { origin } : {}) };
    const found =
      mode === 'plain'
        ? { sessionId: url.searchParams.get('sessionId') ?? undefined, clientId: url.searchParams.get('clientId') ?? undefined }
        : {
            secretSent: secretHeader(req, 'secret'),
            threadId: secretHeader(req, 'threadid'),
            clientId: secretHeader(req, 'clientid'),
            sessionId: secretHeader(req, 'sessionid'),
          };
    for (const [key, value] of Object.entries(found)) if (value !== undefined) (entry as unknown as Record<string, string>)[key] = value;
    return entry;
  }

  const secretHeader = (req: IncomingMessage, name: string) => header(req, `${deps.config.headerPrefix}-${name}`);

  function injectFailure(req: IncomingMessage, answer: Answer, mode: Mode): boolean {
    if (overrides.networkError > 0) {
      overrides.networkError--;
      deps.log.info(`address ${mode} -> network error (injected)`);
      req.socket.destroy();
      return true;
    }
    if (overrides.fail > 0) {
      overrides.fail--;
      answer(overrides.failStatus, { status: 'error', message: 'injected failure' });
      return true;
    }
    if (overrides.refuse > 0) {
      overrides.refuse--;
      answer(200, { status: 'error', message: 'injected refusal' });
      return true;
    }
    return false;
  }

  function missingParts(entry: AddressLogEntry, mode: Mode): string | undefined {
    if (mode === 'plain') {
      if (!entry.sessionId) return 'sessionId query parameter is required';
      if (!entry.clientId) return 'clientId query parameter is required';
      return undefined;
    }
    const values = { secret: entry.secretSent, threadid: entry.threadId, clientid: entry.clientId, sessionid: entry.sessionId };
    // The secret may be empty (first request of a thread); the others may not.
    const missing = Object.entries(values).filter(([name, v]) => v === undefined || (name !== 'secret' && v === ''));
    if (!missing.length) return undefined;
    return `missing or empty header(s): ${missing.map(([name]) => `${deps.config.headerPrefix}-${name}`).join(', ')}`;
  }

  /** An id or secret past MAX_ID_LENGTH, named as the request gave it. */
  function overlongPart(entry: AddressLogEntry, mode: Mode): string | undefined {
    const prefix = deps.config.headerPrefix;
    const parts: [string, string | undefined][] =
      mode === 'plain'
        ? [['sessionId', entry.sessionId], ['clientId', entry.clientId]]
        : [[`${prefix}-secret`, entry.secretSent], [`${prefix}-threadid`, entry.threadId], [`${prefix}-clientid`, entry.clientId], [`${prefix}-sessionid`, entry.sessionId]];
    for (const [name, value] of parts) {
      const problem = overlongId(name, value);
      if (problem) return problem;
    }
    return undefined;
  }

  function refuseClient(entry: AddressLogEntry, mode: Mode, origin: string | undefined) {
    const client = clientFor(deps.options, entry.clientId!);
    if (!client) return { status: 401, message: `unknown clientId "${entry.clientId}"` };
    if (!client.modes.includes(mode)) {
      const message =
        mode === 'plain'
          ? 'client-nonce mode is enabled for this client: use the secret address request'
          : 'client-nonce mode is not enabled for this client';
      return { status: 403, message };
    }
    if (client.allowedOrigins && (!origin || !client.allowedOrigins.includes(origin))) {
      return { status: 403, message: `origin ${origin ?? '(none)'} is not allowed for client "${entry.clientId}"` };
    }
    return undefined;
  }

  /** Spec 4.1: a sessionId is unique per call. Real clients keep theirs across reconnects. */
  function checkSessionId(entry: AddressLogEntry, answer: Answer): boolean {
    if (!usedSessionIds.has(entry.sessionId!)) return true;
    const problem = `sessionId "${entry.sessionId}" was already used; send a new one per request`;
    if (deps.options.strict) {
      answer(400, { status: 'error', message: problem });
      return false;
    }
    deps.log.departure('address', problem, entry.sessionId);
    return true;
  }

  /** The thread's secret to answer with, or undefined once a refusal was answered. */
  function secretFor(entry: AddressLogEntry, answer: Answer): string | undefined {
    const thread = deps.threads.get(entry.threadId!);
    if (thread?.secret) {
      if (entry.secretSent !== thread.secret) return void answer(401, { status: 'error', message: 'invalid secret' });
      if (deps.config.rotateSecret) thread.secret = newSecret();
      return thread.secret;
    }
    if (entry.secretSent !== '') {
      // Real clients send the text "null" first, or a secret from before an emulator restart.
      const problem = `secret header "${entry.secretSent}" for thread "${entry.threadId}", which has no secret yet (the first request sends an empty one)`;
      if (deps.options.strict) return void answer(401, { status: 'error', message: 'invalid secret' });
      deps.log.departure('address', problem, entry.threadId);
    }
    const fresh = deps.threads.ensure(entry.threadId!);
    fresh.secret = newSecret();
    return fresh.secret;
  }

  /** Expired tokens are forgotten a while after they expire (an upgrade with one then hears `unknown token`). */
  function sweepExpired(): void {
    const now = deps.clock.now();
    for (const [token, rec] of tokens.entries()) {
      if (now - rec.issuedAt <= deps.config.tokenTtlMs + EXPIRED_TOKEN_MEMORY_MS) return;
      tokens.delete(token);
    }
  }

  function issueToken(entry: AddressLogEntry, mode: Mode): string {
    sweepExpired();
    const token = randomBytes(18).toString('base64url');
    tokens.set(token, {
      token,
      clientId: entry.clientId!,
      sessionId: entry.sessionId!,
      mode,
      ...(mode === 'secret' ? { threadId: entry.threadId! } : {}),
      issuedAt: deps.clock.now(),
      used: false,
    });
    return token;
  }

  /** Takes a token for an upgrade: the record, or why it is refused. */
  function take(token: string): TokenRecord | string {
    const rec = tokens.get(token);
    if (!rec) return 'unknown token';
    if (rec.used) return 'token already used (socket addresses are single-use)';
    if (deps.clock.now() - rec.issuedAt > deps.config.tokenTtlMs) return 'token expired';
    rec.used = true;
    return rec;
  }

  return {
    handle,
    take,
    get requests() {
      return requests.toArray();
    },
    get overrides() {
      return overrides;
    },
    kept: (): KeptSizes => ({ addressRequests: requests.kept(), sessionIds: usedSessionIds.kept(), tokens: tokens.kept() }),
    reset() {
      tokens.clear();
      usedSessionIds.clear();
      requests.clear();
      overrides = newOverrides();
    },
  };
}
export type AddressDesk = ReturnType<typeof createAddressDesk>;

function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

function wsScheme(req: IncomingMessage): 'ws' | 'wss' {
  const forwarded = header(req, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return encrypted || forwarded === 'https' ? 'wss' : 'ws';
}

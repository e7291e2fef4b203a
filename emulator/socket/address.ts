// Socket address requests (spec 4.1, 5): plain (`socket.info?sessionId=&clientId=`) and secret
// (`sdk/socket.info` with the four prefixed headers), single-use tokens valid 60 s (spec 3, 8),
// and the failures tests inject through the control API. The desk answers; the request's parts
// are read and checked in address-request.ts, tokens kept in tokens.ts, failures injected by
// injected-failures.ts.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BoundedList, BoundedMap, estimateSize } from '../safety/bounded.ts';
import { BOUNDS, type BoundName, type KeptSizes } from '../safety/retention.ts';
import type { Clock } from '../core/clock.ts';
import { header, sendJson } from '../core/http.ts';
import type { EmulatorLog } from '../core/log.ts';
import type { Mode, ResolvedOptions } from '../core/options.ts';
import type { ThreadStore } from '../threads/threads.ts';
import { describeRequest, missingParts, overlongPart, refuseClient, type AddressLogEntry, type Answer } from './address-request.ts';
import { inject, injectFailure, newOverrides, type Injection, type Overrides } from './injected-failures.ts';
import { createTokenBook, type TokenRecord } from './tokens.ts';
import { refuses } from '../core/strictness.ts';

export type { TokenRecord } from './tokens.ts';

export interface AddressConfig {
  tokenTtlMs: number;
  headerPrefix: string;
  rotateSecret: boolean;
}

export interface AddressDeps {
  options: ResolvedOptions;
  config: AddressConfig;
  threads: ThreadStore;
  clock: Clock;
  log: EmulatorLog;
  /** A bound dropped something (drops.ts says so once). */
  onDrop?(name: BoundName): void;
}

/** Answers address requests and hands their tokens to the socket upgrades. */
export interface AddressDesk {
  handle(req: IncomingMessage, res: ServerResponse, url: URL, mode: Mode): void;
  /** Takes a token for an upgrade: the record, or why it is refused. */
  take(token: string): TokenRecord | string;
  /** The address log, oldest first. */
  readonly requests: AddressLogEntry[];
  /** The failures still to inject. */
  readonly overrides: Readonly<Overrides>;
  /** Injects failures into the next address requests (the control API's `address`). */
  inject(injection: Injection): void;
  kept(): KeptSizes;
  reset(): void;
}

export function createAddressDesk(deps: AddressDeps): AddressDesk {
  const dropped = (name: BoundName) => () => deps.onDrop?.(name);
  const tokens = createTokenBook({ tokenTtlMs: () => deps.config.tokenTtlMs, clock: deps.clock, onDrop: dropped('tokens') });
  /** Forgotten ones (the oldest, beyond the bound) are taken as new: no departure is logged for them. */
  const usedSessionIds = new BoundedMap<string, true>(BOUNDS.sessionIds, (id) => estimateSize(id), dropped('sessionIds'));
  const requests = new BoundedList<AddressLogEntry>(BOUNDS.addressRequests, estimateSize, dropped('addressRequests'));
  let overrides = newOverrides();

  function handle(req: IncomingMessage, res: ServerResponse, url: URL, mode: Mode): void {
    const prefix = deps.config.headerPrefix;
    const entry = describeRequest(req, url, mode, prefix, deps.clock.now());
    requests.push(entry);
    const answer: Answer = (status, body) => {
      entry.status = status;
      entry.result = String(body.status);
      if (typeof body.message === 'string') entry.message = body.message;
      deps.log.info(`address ${mode} ${entry.clientId}/${entry.sessionId} -> ${status}`, body.message ?? '');
      sendJson(req, res, status, body);
    };
    if (injectFailure(overrides, req, answer, mode, deps.log)) return;
    const problem = missingParts(entry, mode, prefix) ?? overlongPart(entry, mode, prefix);
    if (problem) return answer(400, { status: 'error', message: problem });
    const refusal = refuseClient(deps.options, entry, mode, header(req, 'origin'));
    if (refusal) return answer(refusal.status, { status: 'error', message: refusal.message });
    if (!checkSessionId(entry, answer)) return;
    let secret: string | undefined;
    if (mode === 'secret') {
      secret = secretFor(entry, answer);
      if (secret === undefined) return;
    }
    usedSessionIds.set(entry.sessionId!, true);
    const token = tokens.issue({
      clientId: entry.clientId!,
      sessionId: entry.sessionId!,
      mode,
      ...(mode === 'secret' ? { threadId: entry.threadId! } : {}),
    });
    const endpoint = `${wsScheme(req)}://${header(req, 'host') ?? '127.0.0.1'}${deps.options.prefix}/ws?token=${token}`;
    answer(200, { status: 'ok', payload: { endpoint }, ...(secret !== undefined ? { secret } : {}) });
  }

  /** Spec 4.1: a sessionId is unique per call. Real clients keep theirs across reconnects. */
  function checkSessionId(entry: AddressLogEntry, answer: Answer): boolean {
    if (!usedSessionIds.has(entry.sessionId!)) return true;
    const problem = `sessionId "${entry.sessionId}" was already used; send a new one per request`;
    if (!refuses(deps, 'address', problem, entry.sessionId)) return true;
    answer(400, { status: 'error', message: problem });
    return false;
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
      if (refuses(deps, 'address', problem, entry.threadId)) return void answer(401, { status: 'error', message: 'invalid secret' });
    }
    const fresh = deps.threads.ensure(entry.threadId!);
    fresh.secret = newSecret();
    return fresh.secret;
  }

  return {
    handle,
    take: (token) => tokens.take(token),
    get requests() {
      return requests.toArray();
    },
    get overrides() {
      return { ...overrides };
    },
    inject: (injection) => inject(overrides, injection),
    kept: (): KeptSizes => ({ addressRequests: requests.kept(), sessionIds: usedSessionIds.kept(), ...tokens.kept() }),
    reset() {
      tokens.clear();
      usedSessionIds.clear();
      requests.clear();
      overrides = newOverrides();
    },
  };
}

function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

function wsScheme(req: IncomingMessage): 'ws' | 'wss' {
  const forwarded = header(req, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  return encrypted || forwarded === 'https' ? 'wss' : 'ws';
}

// What an address request carries, as the address log keeps it, and the checks of its parts:
// plain (`socket.info?sessionId=&clientId=`) or secret (`sdk/socket.info` with the four prefixed
// headers). Pure reads of the request and the options; the desk (address.ts) answers.
import type { IncomingMessage } from 'node:http';
import { overlongId } from '../safety/bounds.ts';
import { header } from '../core/http.ts';
import { clientFor, type Mode, type ResolvedOptions } from '../core/options.ts';

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

/** Answers the request (and notes the answer in its log entry). */
export type Answer = (status: number, body: Record<string, unknown>) => void;

/** The log entry of a request, with what it sent (nothing checked yet). */
export function describeRequest(req: IncomingMessage, url: URL, mode: Mode, headerPrefix: string, at: number): AddressLogEntry {
  const origin = header(req, 'origin');
  const entry: AddressLogEntry = { at, mode, status: 0, ...(origin ? { origin } : {}) };
  const secretHeader = (name: string) => header(req, `${headerPrefix}-${name}`);
  const found =
    mode === 'plain'
      ? { sessionId: url.searchParams.get('sessionId') ?? undefined, clientId: url.searchParams.get('clientId') ?? undefined }
      : {
          secretSent: secretHeader('secret'),
          threadId: secretHeader('threadid'),
          clientId: secretHeader('clientid'),
          sessionId: secretHeader('sessionid'),
        };
  for (const [key, value] of Object.entries(found)) if (value !== undefined) (entry as unknown as Record<string, string>)[key] = value;
  return entry;
}

export function missingParts(entry: AddressLogEntry, mode: Mode, headerPrefix: string): string | undefined {
  if (mode === 'plain') {
    if (!entry.sessionId) return 'sessionId query parameter is required';
    if (!entry.clientId) return 'clientId query parameter is required';
    return undefined;
  }
  const values = { secret: entry.secretSent, threadid: entry.threadId, clientid: entry.clientId, sessionid: entry.sessionId };
  // The secret may be empty (first request of a thread); the others may not.
  const missing = Object.entries(values).filter(([name, v]) => v === undefined || (name !== 'secret' && v === ''));
  if (!missing.length) return undefined;
  return `missing or empty header(s): ${missing.map(([name]) => `${headerPrefix}-${name}`).join(', ')}`;
}

/** An id or secret past MAX_ID_LENGTH, named as the request gave it. */
export function overlongPart(entry: AddressLogEntry, mode: Mode, prefix: string): string | undefined {
  const parts: [string, string | undefined][] =
    mode === 'plain'
      ? [
          ['sessionId', entry.sessionId],
          ['clientId', entry.clientId],
        ]
      : [
          [`${prefix}-secret`, entry.secretSent],
          [`${prefix}-threadid`, entry.threadId],
          [`${prefix}-clientid`, entry.clientId],
          [`${prefix}-sessionid`, entry.sessionId],
        ];
  for (const [name, value] of parts) {
    const problem = overlongId(name, value);
    if (problem) return problem;
  }
  return undefined;
}

/** Why this client may not ask (unknown, wrong mode, origin not allowed), or undefined. */
export function refuseClient(options: ResolvedOptions, entry: AddressLogEntry, mode: Mode, origin: string | undefined) {
  const client = clientFor(options, entry.clientId!);
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

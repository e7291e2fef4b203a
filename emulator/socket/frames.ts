// Parses what a client sends on the socket, against the one definition in src/protocol/outgoing.ts.
// Strict mode refuses every departure from the spec; the default mode serves real clients
// (their vendor ships them, so the real service must accept what they do) and reports each
// departure so the emulator can log it.
import type * as z from 'zod/mini';
import { overlongId } from '../safety/bounds.ts';
import { lenientOutgoing, strictOutgoing, type OutgoingMessage } from '../../src/protocol/outgoing.ts';

/** A `message.send` payload as the emulator handles it (extra keys of lenient clients kept). */
export type SendPayload = OutgoingMessage & Record<string, unknown>;

export type ParsedFrame =
  | { kind: 'ping'; departures: string[] }
  | { kind: 'send'; payload: SendPayload; departures: string[] }
  /** A frame type the spec does not list, which lenient mode ignores. */
  | { kind: 'ignored'; type: string; departures: string[] }
  | { kind: 'error'; message: string };

/** Turns zod issues into one readable line, e.g. `payload.speech: speech must not be empty or blank`. */
export function describeIssues(error: { issues: readonly z.core.$ZodIssue[] }, root: string): string {
  return error.issues
    .map((issue) => {
      const path = [root, ...issue.path.map(String)].filter(Boolean).join('.');
      const detail = issue.code === 'unrecognized_keys' ? `unknown key(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
      return path ? `${path}: ${detail}` : detail;
    })
    .join('; ');
}

/** Parses one text frame from a client. Never throws. */
export function parseClientFrame(raw: string, strict: boolean): ParsedFrame {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: 'error', message: 'invalid frame: not valid JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { kind: 'error', message: 'invalid frame: expected a JSON object {type, payload?}' };
  }
  const { type, payload, ...rest } = json as { type?: unknown; payload?: unknown };
  if (typeof type !== 'string' || type === '') return { kind: 'error', message: 'invalid frame: type must be a non-empty string' };
  const departures: string[] = [];
  const extraKeys = Object.keys(rest);
  if (extraKeys.length) {
    const message = `unknown top-level key(s) ${extraKeys.map((k) => `"${k}"`).join(', ')} (a frame is {type, payload?})`;
    if (strict) return { kind: 'error', message: `invalid frame: ${message}` };
    departures.push(message);
  }
  // A ping carries no payload per spec 2.1; one sent anyway is tolerated (not a wire error).
  if (type === 'ping') return { kind: 'ping', departures };
  if (type !== 'message.send') {
    const message = `unknown frame type "${type}" (a client may send "ping" or "message.send")`;
    if (strict) return { kind: 'error', message };
    return { kind: 'ignored', type, departures: [...departures, message] };
  }
  if (payload === undefined) return { kind: 'error', message: 'invalid message.send: payload is required' };
  return parseSendPayload(payload, strict, departures);
}

function parseSendPayload(payload: unknown, strict: boolean, departures: string[]): ParsedFrame {
  const parsed = parseSendShape(payload, strict, departures);
  if (parsed.kind !== 'send') return parsed;
  const overlong = overlongId('payload.threadId', parsed.payload.threadId) ?? overlongId('payload.nonce', parsed.payload.nonce);
  return overlong ? { kind: 'error', message: `invalid message.send: ${overlong}` } : parsed;
}

function parseSendShape(payload: unknown, strict: boolean, departures: string[]): ParsedFrame {
  const exact = strictOutgoing.OutgoingMessage.safeParse(payload);
  if (exact.success) return { kind: 'send', payload: exact.data as SendPayload, departures };
  const problem = `invalid message.send: ${describeIssues(exact.error, 'payload')}`;
  if (strict) return { kind: 'error', message: problem };
  const loose = lenientOutgoing.OutgoingMessage.safeParse(payload);
  if (!loose.success) return { kind: 'error', message: `invalid message.send: ${describeIssues(loose.error, 'payload')}` };
  return { kind: 'send', payload: loose.data as SendPayload, departures: [...departures, describeIssues(exact.error, 'payload')] };
}

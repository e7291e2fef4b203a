// 4.1 Socket address requests, in plain and client-nonce ("secret") mode. Each call asks for
// a new single-use address under a new sessionId.
import { AddressResponse } from '../protocol/address.ts';
import { parseJsonWithoutNulls } from '../protocol/json.ts';
import type { Platform } from '../browser/platform.ts';
import type { ConnectionError } from './machine.ts';

export type AddressRequest =
  | { mode: 'plain'; baseUrl: string; clientId: string }
  | { mode: 'secret'; sdkUrl: string; clientId: string; headerPrefix: string; threadId: string; secret: string };

export type AddressResult =
  | { ok: true; endpoint: string; sessionId: string; secret?: string }
  /** `url`: the address that could not be reached, for a network failure (it may be the page's CSP). */
  | { ok: false; error: ConnectionError; url?: string };

/** What an address request uses of the platform. */
export interface AddressDeps extends Pick<Platform, 'fetch' | 'uuid'> {
  signal?: AbortSignal;
  /** The page's protocol: an https: page accepts only wss:// endpoints (ws:// is fine on http:, for local development). */
  pageProtocol?: string | undefined;
}

// Wrong clientId, a domain that is not allowed, a malformed request: retrying cannot help.
const FINAL_STATUSES = new Set([400, 401, 403]);

function socketInfoUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/socket.info`;
}

function describeStatus(status: number): string {
  switch (status) {
    case 400:
      return 'the service rejected the address request (400): check client-id and the URLs';
    case 401:
      return 'the service does not know this client-id (401)';
    case 403:
      return 'the service does not allow this website for this client-id (403): add the domain in the channel settings';
    case 429:
      return 'the service is rate limiting address requests (429)';
    default:
      return `the address request failed with HTTP ${status}`;
  }
}

/** Requests one socket address. Never throws: every failure comes back as a ConnectionError. */
export async function requestAddress(request: AddressRequest, deps: AddressDeps): Promise<AddressResult> {
  const sessionId = deps.uuid();
  let url: string;
  const headers: Record<string, string> = {};
  if (request.mode === 'plain') {
    const query = new URLSearchParams({ sessionId, clientId: request.clientId });
    url = `${socketInfoUrl(request.baseUrl)}?${query}`;
  } else {
    url = socketInfoUrl(request.sdkUrl);
    const prefix = request.headerPrefix;
    headers[`${prefix}-secret`] = request.secret;
    headers[`${prefix}-threadid`] = request.threadId;
    headers[`${prefix}-clientid`] = request.clientId;
    headers[`${prefix}-sessionid`] = sessionId;
  }

  let response: Response;
  try {
    response = await deps.fetch(url, { method: 'GET', headers, signal: deps.signal, cache: 'no-store' });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, error: { kind: 'network', message: `could not reach ${url}: ${message}`, final: false }, url };
  }

  if (!response.ok) {
    const final = FINAL_STATUSES.has(response.status);
    return { ok: false, error: { kind: 'http', message: describeStatus(response.status), status: response.status, final } };
  }

  let body: unknown;
  try {
    body = parseJsonWithoutNulls(await response.text()); // a `secret: null` is no secret
  } catch {
    return fail('malformed', 'the address response is not JSON');
  }
  const parsed = AddressResponse.safeParse(body);
  if (!parsed.success) {
    return fail('malformed', `the address response is malformed: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  }
  const { status, payload, secret, message } = parsed.data;
  if (status !== 'ok' || !payload) {
    return fail('status', `the address request answered status "${status}"${message ? `: ${message}` : ''}`);
  }
  if (!/^wss?:\/\//i.test(payload.endpoint)) {
    return fail('malformed', `the address response's endpoint is not a ws:// or wss:// address`);
  }
  // The spec promises wss://. A browser refuses ws:// from an https: page with an obscure error.
  if (/^ws:/i.test(payload.endpoint) && deps.pageProtocol === 'https:') {
    return {
      ok: false,
      error: {
        kind: 'malformed',
        message: `the service gave an unencrypted socket address (${payload.endpoint}), which an https: page cannot open: the spec wants wss://`,
        final: true,
      },
    };
  }
  return { ok: true, endpoint: payload.endpoint, sessionId, ...(secret !== undefined ? { secret } : {}) };
}

function fail(kind: ConnectionError['kind'], message: string): AddressResult {
  return { ok: false, error: { kind, message, final: false } };
}

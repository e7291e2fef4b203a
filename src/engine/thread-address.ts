// The address request for a thread: plain, or client-nonce with the thread's secret, and what
// its answer means for the thread (a newer secret; a stored secret the service no longer takes).
import { requestAddress, type AddressRequest, type AddressResult } from '../connection/address.ts';
import type { ConnectionError } from '../connection/machine.ts';
import { takeEarly } from '../connection/early-address.ts';
import type { Platform } from '../browser/platform.ts';

export interface AddressSettings {
  clientId: string;
  baseUrl: string;
  sdkUrl?: string;
  headerPrefix?: string;
}

export interface ThreadAddress {
  result: AddressResult;
  /** A secret to keep as the thread's nonce from now on. */
  newSecret?: string;
  /** The service refused the thread's stored secret: retrying cannot help, a new thread can. */
  secretRefused: boolean;
}

/**
 * The spec shows no failing body. A 401 to a request that carried a stored secret is taken to
 * mean that secret is no longer valid; a 403 refuses the website or the client (configuration),
 * which a new thread would not change: an error state.
 */
function isRefusal(error: ConnectionError): boolean {
  return error.status === 401;
}

export async function requestThreadAddress(
  settings: AddressSettings,
  platform: Platform,
  thread: { threadId: string; nonce?: string },
  signal: AbortSignal,
): Promise<ThreadAddress> {
  const request: AddressRequest = settings.sdkUrl
    ? {
        mode: 'secret',
        sdkUrl: settings.sdkUrl,
        clientId: settings.clientId,
        headerPrefix: settings.headerPrefix ?? 'x-svc',
        threadId: thread.threadId,
        secret: thread.nonce ?? '',
      }
    : { mode: 'plain', baseUrl: settings.baseUrl, clientId: settings.clientId };
  // The head start's, if the visitor's opening of the chat asked for one (early-address.ts).
  const result =
    (request.mode === 'plain' && (await takeEarly(request, platform.clock.now()))) ||
    (await requestAddress(request, { ...platform, signal }));
  return {
    result,
    ...(result.ok && result.secret && result.secret !== thread.nonce ? { newSecret: result.secret } : {}),
    secretRefused: !result.ok && request.mode === 'secret' && request.secret !== '' && isRefusal(result.error),
  };
}

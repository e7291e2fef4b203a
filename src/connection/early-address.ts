// The connection's head start when the visitor opens the chat (issue 43): the address is asked
// for at once, while the chat draws its panel, reads storage and the tabs choose their holder,
// and the holder's first attempt takes it (thread-address.ts). By the time it comes, that attempt
// is waiting for it, and opens its socket in the same task.
// Plain mode only: its request depends on nothing of the thread (each has its own sessionId);
// a secret-mode request needs the thread's secret, known only once storage is read. One at a
// time for the page, for the same client and service, taken once, within EARLY_ADDRESS_MS of
// its request. Not taken (another tab holds the socket), it is dropped: the service lets its
// single-use address expire (60 s).
import { requestAddress, type AddressDeps, type AddressRequest, type AddressResult } from './address.ts';

type PlainRequest = Extract<AddressRequest, { mode: 'plain' }>;

/** How long an early address may wait for its attempt: well within the address's 60 s. */
export const EARLY_ADDRESS_MS = 20_000;

let early: { key: string; at: number; result: Promise<AddressResult> } | undefined;

const keyOf = (request: PlainRequest) => `${request.clientId} ${request.baseUrl}`;

/** Asks for an address now, for the next attempt of the same client and service. */
export function askEarly(request: PlainRequest, deps: AddressDeps, now: number): void {
  early = { key: keyOf(request), at: now, result: requestAddress(request, deps) };
}

/**
 * The early answer for `request`, once, if it was asked for at most EARLY_ADDRESS_MS before
 * `now`; the service's own refusals too (a 403 is told, not asked again). A request that did not
 * reach the service is asked again by the attempt, which hears whether the page's CSP refused it.
 */
export async function takeEarly(request: PlainRequest, now: number): Promise<AddressResult | undefined> {
  const found = early;
  if (found?.key !== keyOf(request)) return undefined;
  early = undefined;
  const result = now - found.at <= EARLY_ADDRESS_MS ? await found.result : undefined;
  return result?.ok || !result?.url ? result : undefined;
}

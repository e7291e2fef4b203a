// An early address: asked for at once, taken once, only while fresh, only by the same client and
// service, and never when it failed (the attempt asks again, and hears why).
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAddressFetch } from '../../test/fakes.ts';
import { askEarly, EARLY_ADDRESS_MS, takeEarly } from './early-address.ts';

const request = { mode: 'plain', baseUrl: 'https://service.test', clientId: 'c1' } as const;

afterEach(() => takeEarly(request, 0)); // nothing left for the next test

describe('askEarly and takeEarly', () => {
  it('asks at once, and gives its address to the first taker only', async () => {
    const http = fakeAddressFetch();
    askEarly(request, { fetch: http.fetch, uuid: () => 's1' }, 1_000);
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]!.url.searchParams.get('clientId')).toBe('c1');
    expect(await takeEarly(request, 1_500)).toMatchObject({ ok: true, endpoint: 'ws://service.test/ws?token=1', sessionId: 's1' });
    expect(await takeEarly(request, 1_600)).toBeUndefined();
    expect(http.requests).toHaveLength(1);
  });

  it(`is dropped when taken more than ${EARLY_ADDRESS_MS / 1000} s after it was asked for, and after that too`, async () => {
    const http = fakeAddressFetch();
    askEarly(request, { fetch: http.fetch, uuid: () => 's1' }, 1_000);
    expect(await takeEarly(request, 1_000 + EARLY_ADDRESS_MS + 1)).toBeUndefined();
    expect(await takeEarly(request, 1_001)).toBeUndefined();
  });

  it('is kept for its own client and service: another one does not take it', async () => {
    const http = fakeAddressFetch();
    askEarly(request, { fetch: http.fetch, uuid: () => 's1' }, 1_000);
    expect(await takeEarly({ ...request, clientId: 'c2' }, 1_001)).toBeUndefined();
    expect(await takeEarly({ ...request, baseUrl: 'https://other.test' }, 1_001)).toBeUndefined();
    expect(await takeEarly(request, 1_002)).toMatchObject({ ok: true });
  });

  it('is not given when it did not reach the service (the attempt asks again, and hears why), but is when the service refused', async () => {
    const unreached = fakeAddressFetch(['network-error']);
    askEarly(request, { fetch: unreached.fetch, uuid: () => 's1' }, 1_000);
    expect(await takeEarly(request, 1_001)).toBeUndefined();
    expect(unreached.requests).toHaveLength(1);
    const refused = fakeAddressFetch([{ status: 403 }]);
    askEarly(request, { fetch: refused.fetch, uuid: () => 's2' }, 2_000);
    expect(await takeEarly(request, 2_001)).toMatchObject({ ok: false, error: { status: 403, final: true } });
  });

  it('is replaced by a newer one: the older is never used', async () => {
    const http = fakeAddressFetch();
    askEarly(request, { fetch: http.fetch, uuid: () => 's1' }, 1_000);
    askEarly(request, { fetch: http.fetch, uuid: () => 's2' }, 1_100);
    expect(await takeEarly(request, 1_200)).toMatchObject({ endpoint: 'ws://service.test/ws?token=2', sessionId: 's2' });
    expect(await takeEarly(request, 1_300)).toBeUndefined();
  });
});

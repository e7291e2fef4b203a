import { describe, expect, it } from 'vitest';
import { fakeAddressFetch } from '../../test/fakes.ts';
import { requestAddress } from './address.ts';

const uuid = () => '11111111-2222-4333-8444-555555555555';

describe('requestAddress', () => {
  it('plain mode: GET {baseUrl}/socket.info with sessionId and clientId, no secret headers', async () => {
    const http = fakeAddressFetch();
    const result = await requestAddress({ mode: 'plain', baseUrl: 'https://svc.test/api/', clientId: 'a b' }, { fetch: http.fetch, uuid });
    expect(result).toEqual({ ok: true, endpoint: 'ws://service.test/ws?token=1', sessionId: uuid() });
    const { url, headers } = http.requests[0]!;
    expect(url.origin + url.pathname).toBe('https://svc.test/api/socket.info');
    expect(url.searchParams.get('sessionId')).toBe(uuid());
    expect(url.searchParams.get('clientId')).toBe('a b');
    expect(Object.keys(headers).filter((h) => h.startsWith('x-'))).toEqual([]);
  });

  it('client-nonce mode: GET {sdkUrl}/socket.info with the four prefixed headers, and returns the secret', async () => {
    const http = fakeAddressFetch([], { secret: 's3cret' });
    const result = await requestAddress(
      { mode: 'secret', sdkUrl: 'https://sdk.test', clientId: 'c1', headerPrefix: 'x-acme', threadId: 't1', secret: '' },
      { fetch: http.fetch, uuid },
    );
    expect(result).toMatchObject({ ok: true, secret: 's3cret' });
    const { url, headers } = http.requests[0]!;
    expect(url.href).toBe('https://sdk.test/socket.info');
    expect(headers).toMatchObject({
      'x-acme-secret': '',
      'x-acme-threadid': 't1',
      'x-acme-clientid': 'c1',
      'x-acme-sessionid': uuid(),
    });
  });

  it('treats 400, 401 and 403 as final and explains them', async () => {
    for (const status of [400, 401, 403]) {
      const http = fakeAddressFetch([{ status }]);
      const result = await requestAddress({ mode: 'plain', baseUrl: 'https://svc.test', clientId: 'c' }, { fetch: http.fetch, uuid });
      expect(result).toMatchObject({ ok: false, error: { kind: 'http', status, final: true } });
    }
    const forbidden = await requestAddress(
      { mode: 'plain', baseUrl: 'https://svc.test', clientId: 'c' },
      { fetch: fakeAddressFetch([{ status: 403 }]).fetch, uuid },
    );
    expect(!forbidden.ok && forbidden.error.message).toMatch(/domain/);
  });

  it('treats 5xx, 429, network errors and a non-ok status as retryable', async () => {
    const cases = [{ status: 500 }, { status: 503 }, { status: 429 }, 'network-error' as const, { body: { status: 'error' } }];
    for (const reply of cases) {
      const result = await requestAddress(
        { mode: 'plain', baseUrl: 'https://svc.test', clientId: 'c' },
        { fetch: fakeAddressFetch([reply]).fetch, uuid },
      );
      expect(result).toMatchObject({ ok: false, error: { final: false } });
    }
  });

  it('rejects an endpoint that is not a ws:// or wss:// address', async () => {
    const http = fakeAddressFetch([{ body: { status: 'ok', payload: { endpoint: 'javascript:alert(1)' } } }]);
    const result = await requestAddress({ mode: 'plain', baseUrl: 'https://svc.test', clientId: 'c' }, { fetch: http.fetch, uuid });
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', final: false } });
  });

  it('an https: page refuses an unencrypted ws:// endpoint, clearly and for good; an http: page takes it (local development)', async () => {
    const ask = (pageProtocol: string, endpoint: string) =>
      requestAddress(
        { mode: 'plain', baseUrl: 'https://svc.test', clientId: 'c' },
        { fetch: fakeAddressFetch([{ body: { status: 'ok', payload: { endpoint } } }]).fetch, uuid, pageProtocol },
      );
    const refused = await ask('https:', 'ws://svc.test/ws?token=1');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'malformed', final: true } });
    expect(!refused.ok && refused.error.message).toMatch(/unencrypted.*wss:\/\//);
    expect(await ask('https:', 'wss://svc.test/ws?token=1')).toMatchObject({ ok: true });
    expect(await ask('http:', 'ws://127.0.0.1:8787/ws?token=1')).toMatchObject({ ok: true });
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The policy is made once per page: each test gets the module afresh.
const fresh = async () => {
  vi.resetModules();
  return import('./load-script.ts');
};

afterEach(() => vi.unstubAllGlobals());

describe('the parley Trusted Types policy', () => {
  it('is made once, named parley, and passes only the file being assigned', async () => {
    const made: Array<{ name: string; rules: { createScriptURL(url: string): string } }> = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy(name: string, rules: { createScriptURL(url: string): string }) {
        made.push({ name, rules });
        return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) };
      },
    });
    const { trustedScriptUrl } = await fresh();
    expect(trustedScriptUrl('https://cdn.example/parley-chat.abc.js')).toEqual({ trusted: 'https://cdn.example/parley-chat.abc.js' });
    expect(trustedScriptUrl('https://cdn.example/parley-fr.def.js')).toEqual({ trusted: 'https://cdn.example/parley-fr.def.js' });
    expect(made.map((policy) => policy.name)).toEqual(['parley']);
    // Called by anything else (the policy is not reachable by the page, but were it), it passes nothing.
    expect(() => made[0]!.rules.createScriptURL('https://evil.example/x.js')).toThrow(TypeError);
  });

  it('where the page refuses the name, the plain URL is tried (a page that does not enforce takes it)', async () => {
    vi.stubGlobal('trustedTypes', {
      createPolicy() {
        throw new TypeError('Policy "parley" disallowed.');
      },
    });
    const { trustedScriptUrl } = await fresh();
    expect(trustedScriptUrl('https://cdn.example/parley-chat.abc.js')).toBe('https://cdn.example/parley-chat.abc.js');
  });

  it('without Trusted Types the URL is the string itself', async () => {
    const { trustedScriptUrl } = await fresh();
    expect(trustedScriptUrl('/dist/parley-chat.abc.js')).toBe('/dist/parley-chat.abc.js');
  });
});

describe('why a file did not load', () => {
  it('a server that answers without CORS headers is named as such, not as unreachable', async () => {
    const fetch = vi.fn((_url: string, init: RequestInit) =>
      init.mode === 'cors' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response(null)),
    );
    vi.stubGlobal('fetch', fetch);
    const { failureReason } = await fresh();
    expect(await failureReason('https://cdn.example/parley-chat.abc.js', false)).toMatch(/no CORS headers \(Access-Control-Allow-Origin\)/);
  });

  it('a server that cannot be reached at all is said so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { failureReason } = await fresh();
    expect(await failureReason('https://cdn.example/parley-chat.abc.js', false)).toBe('the server cannot be reached');
  });

  it('a file that loads with another content fails its integrity hash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('changed'))),
    );
    const { failureReason } = await fresh();
    expect(await failureReason('https://cdn.example/parley-chat.abc.js', false)).toMatch(/does not match the integrity hash/);
  });
});

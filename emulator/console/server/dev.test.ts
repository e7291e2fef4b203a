// The console from source on Vite's dev server: its page, with script and stylesheet made absolute.
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Connect, ViteDevServer } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { absoluteAssetUrls, devUrl, serveConsoleFromSource } from './dev.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('absoluteAssetUrls', () => {
  it('makes ./ URLs of src and href absolute and leaves the others', () => {
    const html = `<link rel="icon" href="data:,"><link rel="stylesheet" href="./console.css"><script type="module" src='./main.tsx'></script><a href="api/state">`;
    expect(absoluteAssetUrls(html, '/emulator/console/')).toBe(
      `<link rel="icon" href="data:,"><link rel="stylesheet" href="/emulator/console/console.css"><script type="module" src='/emulator/console/main.tsx'></script><a href="api/state">`,
    );
  });
});

describe('devUrl', () => {
  it('is the path from the root, or /@fs/ outside it', () => {
    expect(devUrl('/repo', '/repo/emulator/console')).toBe('/emulator/console/');
    expect(devUrl('/repo', '/elsewhere/console')).toBe('/@fs/elsewhere/console/');
  });
});

describe('serveConsoleFromSource', () => {
  function fakeServer() {
    const stack: { route: string; handle: Connect.NextHandleFunction }[] = [{ route: '', handle: () => {} }];
    const transformIndexHtml = vi.fn(async (_url: string, html: string) =>
      html.replace('<head>', '<head><script type="module" src="/@vite/client"></script>'),
    );
    const server = { config: { root: repoRoot }, middlewares: { stack }, transformIndexHtml } as unknown as ViteDevServer;
    return { server, stack, transformIndexHtml };
  }

  function request(handle: Connect.NextHandleFunction, url: string, method = 'GET') {
    return new Promise<{ handled: boolean; status?: number; headers?: Record<string, string>; body?: string }>((resolve) => {
      const res = {
        writeHead: (status: number, headers: Record<string, string>) => {
          res.status = status;
          res.headers = headers;
        },
        end: (body?: string) => resolve({ handled: true, status: res.status, headers: res.headers, body }),
        status: 0,
        headers: {} as Record<string, string>,
      };
      handle({ url, method, originalUrl: url } as unknown as Connect.IncomingMessage, res as unknown as ServerResponse, () =>
        resolve({ handled: false }),
      );
    });
  }

  it('goes first in the stack and answers the console path with the transformed page', async () => {
    const t = fakeServer();
    serveConsoleFromSource(t.server, '/parley-emulator/console/');
    expect(t.stack).toHaveLength(2);
    const handle = t.stack[0]!.handle;
    for (const url of ['/parley-emulator/console/', '/parley-emulator/console/index.html', '/parley-emulator/console/?thread=1']) {
      const answer = await request(handle, url);
      expect(answer.status).toBe(200);
      expect(answer.headers!['Content-Type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('src="/emulator/console/main.tsx"');
      expect(answer.body).toContain('href="/emulator/console/console.css"');
      expect(answer.body).toContain('/@vite/client');
    }
    expect(t.transformIndexHtml).toHaveBeenCalledWith('/emulator/console/index.html', expect.any(String), '/parley-emulator/console/');
  });

  it('passes on everything else (the API, other methods)', async () => {
    const t = fakeServer();
    serveConsoleFromSource(t.server, '/parley-emulator/console/');
    const handle = t.stack[0]!.handle;
    expect((await request(handle, '/parley-emulator/console/api/state')).handled).toBe(false);
    expect((await request(handle, '/parley-emulator/console/', 'POST')).handled).toBe(false);
    expect((await request(handle, '/parley-emulator/consolex/')).handled).toBe(false);
  });
});

// `npm start`'s banner names the addresses the README names: the demo, the agent console and the
// REST API where the emulator really is (a wrong one sends a newcomer to a 404).
import { readFileSync } from 'node:fs';
import type { ViteDevServer } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { startBanner } from '../../demo/start-banner.ts';
import { parleyEmulator } from '../../emulator/vite-plugin.ts';

describe("npm start's banner", () => {
  it("names the console and the REST API under the emulator's prefix, as the README does", () => {
    const server = {
      resolvedUrls: { local: ['http://127.0.0.1:5173/'] },
      config: { server: { port: 5173 }, plugins: [parleyEmulator({ strict: true })] },
    } as unknown as ViteDevServer & { printUrls(): void };
    (startBanner().configureServer as (server: ViteDevServer) => void)(server);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    server.printUrls();
    const banner = String(log.mock.calls[0]?.[0]);
    log.mockRestore();
    expect(banner).toContain('Agent console:  http://127.0.0.1:5173/parley-emulator/console/');
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain('`/parley-emulator/console/`');
  });
});

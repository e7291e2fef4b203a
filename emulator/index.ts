// `import { startEmulator } from 'parley-chat/emulator'`: the Parley emulator on a port of its
// own, for a Playwright global setup or any Node script (emulator contract, "How it starts").
import { createServer } from 'node:http';
import { accessRules } from './access.ts';
import type { AddressInfo } from 'node:net';
import { createEmulator } from './emulator.ts';
import { DEFAULTS, type EmulatorOptions } from './options.ts';

export { DEFAULTS, type ClientConfig, type EmulatorOptions } from './options.ts';
export type { Clock } from './clock.ts';
export type { ConversationStatus, FeedEvent, ThreadSummary, TranscriptEntry, WebhookDelivery } from './model.ts';

export interface RunningEmulator {
  /** The base URL: `{url}/socket.info`, `{url}/rest/v1/…`, `{url}/console`… (no trailing slash). */
  url: string;
  /** Forgets every thread, socket, webhook event and delivery, for test isolation. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts the emulator and resolves once it listens. `port: 0` picks a free port. */
export async function startEmulator(options: Omit<EmulatorOptions, 'prefix'> = {}): Promise<RunningEmulator> {
  // The name it is bound to is this machine too (a LAN name with --host).
  const emulator = createEmulator(options, accessRules({ ...options, allowHosts: [...(options.allowHosts ?? []), ...(options.host ? [options.host] : [])] }));
  const server = createServer((req, res) => {
    emulator.handleRequest(req, res); // prefix '' owns every path
  });
  server.on('upgrade', (req, socket, head) => {
    if (!emulator.handleUpgrade(req, socket, head)) socket.destroy();
  });
  const host = options.host ?? DEFAULTS.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULTS.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  emulator.setOrigin(url);
  return {
    url,
    reset: () => emulator.reset(),
    async close() {
      server.closeAllConnections();
      await emulator.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

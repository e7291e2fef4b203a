// `import { startEmulator } from 'parley-chat/emulator'`: the Parley emulator on a port of its
// own, for a Playwright global setup or any Node script (emulator contract, "How it starts").
import { createServer } from 'node:http';
import { accessRules } from './safety/access.ts';
import type { AddressInfo } from 'node:net';
import { createEmulator } from './emulator.ts';
import { DEFAULTS, type EmulatorOptions } from './core/options.ts';

export { DEFAULTS, type ClientConfig, type EmulatorOptions } from './core/options.ts';
export type { Clock } from './core/clock.ts';
export type { ConversationStatus, FeedEvent, ThreadSummary, TranscriptEntry, WebhookDelivery } from './core/model.ts';

export interface RunningEmulator {
  /** The base URL: `{url}/socket.info`, `{url}/rest/v1/…`, `{url}/console`… (no trailing slash). */
  url: string;
  /** The REST API key (`Authorization: <key>`): the `apiKey` option, else the random one made at this start. */
  apiKey: string;
  /** The management API key (`Authorization: Bearer <key>`): the option, else random like `apiKey`. */
  managementKey: string;
  /** Forgets every thread, socket, webhook event and delivery, for test isolation. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts the emulator and resolves once it listens. `port: 0` picks a free port. */
export async function startEmulator(options: Omit<EmulatorOptions, 'prefix'> = {}): Promise<RunningEmulator> {
  // The name it is bound to is this machine too (a LAN name with --host).
  const emulator = createEmulator(
    options,
    accessRules({ ...options, allowHosts: [...(options.allowHosts ?? []), ...(options.host ? [options.host] : [])] }),
  );
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
  if (!isLoopback(host)) console.warn(networkWarning(url));
  return {
    url,
    apiKey: emulator.options.apiKey,
    managementKey: emulator.options.managementKey,
    reset: () => emulator.reset(),
    async close() {
      server.closeAllConnections();
      await emulator.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Names and addresses only this machine reaches (`0.0.0.0` and `::` are every interface). */
function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Said even with `quiet`: whoever starts it on a network interface should know what that opens. */
function networkWarning(url: string): string {
  return [
    `parley-emulator: warning: listening on ${url}, which other machines on the network can reach.`,
    '  The REST and management APIs still need their keys, but the console, its API, the control API and the',
    "  built-in receiver answer any request without an Origin header (curl's, a script's): anyone on the",
    '  network can read every conversation and steer the emulator. It is a tool for your machine: prefer the',
    '  default 127.0.0.1 unless you trust the network.',
  ].join('\n');
}

// Vite plugin: serves the emulator under /parley-emulator from the dev and preview servers, so one `vite`
// command serves the demo page, the emulator and its console on one origin (`npm start`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { serveConsoleFromSource } from './console/server/dev.ts';
import { accessRules, type AccessRules } from './safety/access.ts';
import { createEmulator, type Emulator } from './emulator.ts';
import type { ClientConfig, EmulatorOptions } from './core/options.ts';

/** The channels this repository's demo and tests use. */
export const REPO_CLIENTS: Record<string, ClientConfig> = {
  demo: { modes: ['plain', 'secret'] },
  e2e: { modes: ['plain', 'secret'] },
  restricted: { modes: ['plain', 'secret'], allowedOrigins: ['https://allowed.example'] },
  // Client-nonce enabled in the "dashboard": plain address requests are refused (403).
  'secret-only': { modes: ['secret'] },
};

export interface ParleyEmulatorPluginOptions extends Omit<EmulatorOptions, 'port' | 'host'> {
  /** Path prefix of the emulator; default '/parley-emulator'. */
  prefix?: string;
}

/** What Vite's `cors` option (resolved) lets an origin do: read answers cross-origin. */
type CorsRule = boolean | string | RegExp | Array<string | RegExp> | ((...args: never[]) => unknown) | undefined;
function corsAllows(cors: boolean | { origin?: CorsRule } | undefined, origin: string): boolean {
  if (typeof cors === 'boolean') return cors;
  const match = (rule: CorsRule): boolean =>
    rule === true ||
    (typeof rule === 'string'
      ? rule === origin
      : rule instanceof RegExp
        ? rule.test(origin)
        : Array.isArray(rule)
          ? rule.some(match)
          : false);
  return match(cors?.origin);
}

/**
 * Inside Vite, Vite's own rules (its `allowedHosts` and `cors`), and the plugin's options on top:
 * the emulator answers before Vite's middlewares (see below), so it asks their questions itself.
 */
function viteAccess(
  settings: { allowedHosts?: string[] | true; cors?: boolean | { origin?: CorsRule } },
  options: ParleyEmulatorPluginOptions,
): AccessRules {
  const own = accessRules({
    allowOrigins: options.allowOrigins,
    allowHosts: settings.allowedHosts === true ? true : [...(settings.allowedHosts ?? []), ...(options.allowHosts ?? [])],
  });
  return { allowHosts: own.allowHosts, allowOrigin: (origin) => own.allowOrigin(origin) || corsAllows(settings.cors, origin) };
}

interface ServerSettings {
  allowedHosts?: string[] | true;
  cors?: boolean | object;
  https?: unknown;
}

interface MountableServer {
  config: { server?: ServerSettings; preview?: ServerSettings };
  middlewares: Connect.Server;
  httpServer: {
    on(event: 'upgrade', listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown;
    once(event: 'listening', listener: () => void): unknown;
    address(): AddressInfo | string | null;
  } | null;
}

/** The keys of the running emulators, for the start banner (a plugin's `api`). */
export interface ParleyEmulatorApi {
  /** Where the emulator is served, e.g. '/parley-emulator'. */
  prefix: string;
  keys(): { apiKey: string; managementKey: string } | undefined;
}

/**
 * The server's own origin from the address it listens on, never from a request's Host (a
 * DNS-rebound first request would otherwise name the attacker's host as the receiver's).
 */
function listeningOrigin(server: MountableServer, settings: ServerSettings): string | undefined {
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `${settings.https ? 'https' : 'http'}://${host}:${address.port}`;
}

export function parleyEmulator(options: ParleyEmulatorPluginOptions = {}): Plugin {
  const prefix = options.prefix ?? '/parley-emulator';
  let dev: Emulator | undefined;
  let preview: Emulator | undefined;

  const mount = (server: MountableServer, which: 'server' | 'preview'): Emulator => {
    const settings = server.config[which] ?? {};
    const emulator = createEmulator({ clients: REPO_CLIENTS, quiet: true, ...options, prefix }, viteAccess(settings, options));
    server.httpServer?.once('listening', () => {
      const origin = listeningOrigin(server, settings);
      if (origin) emulator.setOrigin(origin);
    });
    const handle: Connect.NextHandleFunction = (req, res, next) => {
      if (!emulator.handleRequest(req, res as ServerResponse)) next();
    };
    // First in the stack: Vite's own CORS middleware would otherwise answer our preflights
    // (without echoing the requested headers) for the parts the spec makes cross-origin; the
    // emulator applies Vite's host and origin rules itself (viteAccess).
    server.middlewares.stack.unshift({ route: '', handle });
    // Only paths under the prefix are taken; Vite's HMR upgrades pass through untouched.
    server.httpServer?.on('upgrade', (req, socket, head) => {
      emulator.handleUpgrade(req, socket, head);
    });
    return emulator;
  };

  const api: ParleyEmulatorApi = {
    prefix,
    keys: () => {
      const running = dev ?? preview;
      return running && { apiKey: running.options.apiKey, managementKey: running.options.managementKey };
    },
  };

  return {
    name: 'parley-emulator',
    api,
    configureServer(server: ViteDevServer) {
      dev = mount(server as unknown as MountableServer, 'server');
      // The console page from source (HMR); its api/ routes still reach the emulator.
      serveConsoleFromSource(server, `${prefix}/console/`);
    },
    configurePreviewServer(server) {
      preview = mount(server as unknown as MountableServer, 'preview');
    },
    async closeServer() {
      await dev?.close();
      dev = undefined;
    },
    async closePreviewServer() {
      await preview?.close();
      preview = undefined;
    },
  } as Plugin;
}

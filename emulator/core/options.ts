// The emulator's options (emulator contract, "How it starts") and their documented defaults.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Clock } from './clock.ts';

export type Mode = 'plain' | 'secret';

/** A channel the emulator knows, as the service's dashboard would configure it. */
export interface ClientConfig {
  /** Origins allowed to request addresses; absent = any origin (or none). */
  allowedOrigins?: string[];
  /** Address request kinds this client accepts (client-nonce mode on = secret only). */
  modes: Mode[];
}

export interface EmulatorOptions {
  /** Port to listen on (`startEmulator` only); 0 picks a free one. Default 8787. */
  port?: number;
  /** Interface to listen on (`startEmulator` only). Default 127.0.0.1. */
  host?: string;
  /** The REST API key (`Authorization: <key>`). Default: a random key made at each start (printed, shown in the console, returned by `startEmulator`). */
  apiKey?: string;
  /** The management API key (`Authorization: Bearer <key>`). Default: a random key made at each start, like `apiKey`. */
  managementKey?: string;
  /** Where webhook events go. Default: the emulator's own receiver, `{url}/receiver`; `null`: none. */
  webhookUrl?: string | null;
  /** Sent as `verifyToken` in every webhook body. Default `parley-verify-token`. */
  verifyToken?: string;
  /** Multiplies the webhook retry schedule: 0.001 runs its 4 hours in 14.4 s. Default 1. */
  webhookTimeScale?: number;
  /** The clientIds the emulator knows (plain and secret mode); default: any non-empty clientId. */
  clientIds?: string[];
  /** Finer than clientIds: per-client modes and allowed origins (used by this repository's tests). */
  clients?: Record<string, ClientConfig>;
  /** Prefix of the four secret headers. Default `x-svc`. */
  headerPrefix?: string;
  /** Refuse what real clients do beyond the spec instead of serving it and logging it. Default false. */
  strict?: boolean;
  /** A flow file in the management API's shape (spec 2.10). Default: the demo flows. */
  flows?: string | URL;
  /** The folder `{base}/media/<name>` serves files from. Default: `media/` beside the flows file. */
  media?: string | URL;
  /** Print nothing but errors. Default false. */
  quiet?: boolean;
  /** The "dashboard-configured" handover pause, when `secondsToPause` is absent. Default 1800 s. */
  handoverPauseSeconds?: number;
  /**
   * Origins, besides the emulator's own, whose pages may use the console, its API and the control
   * API (`http://localhost:3000`). Default: none. The socket address, the socket and REST answer
   * every origin, as the service does.
   */
  allowOrigins?: string[];
  /**
   * Host names the emulator answers besides localhost, `*.localhost` and IP addresses (a page
   * reaching it through a name of its own, DNS rebinding, is refused). Default: none.
   */
  allowHosts?: string[];
  /** Path prefix when mounted inside another server (e.g. `/parley-emulator` in Vite). Default ''. */
  prefix?: string;
  /** Time, for tests. */
  clock?: Clock;
}

export interface ResolvedOptions {
  apiKey: string;
  managementKey: string;
  /** `undefined` = the built-in receiver; `null` = no webhook. */
  webhookUrl: string | null | undefined;
  verifyToken: string;
  webhookTimeScale: number;
  clients: Record<string, ClientConfig> | undefined;
  headerPrefix: string;
  strict: boolean;
  flows: string | URL;
  /** A folder URL, ending in `/`. */
  media: URL;
  quiet: boolean;
  handoverPauseSeconds: number;
  prefix: string;
}

export const DEFAULTS = {
  port: 8787,
  host: '127.0.0.1',
  verifyToken: 'parley-verify-token',
  headerPrefix: 'x-svc',
  handoverPauseSeconds: 1800,
} as const;

// From the source (emulator/core/) or the build (dist/emulator/index.js, with flows/ copied beside
// it by emulator/vite.config.ts).
const DEMO_FLOWS = new URL(import.meta.url.endsWith('.ts') ? '../flows/demo-flows.json' : './flows/demo-flows.json', import.meta.url);

/** Checks and completes the options; throws a TypeError naming the option that is wrong. */
export function resolveOptions(options: EmulatorOptions): ResolvedOptions {
  const text = (name: string, value: string | undefined, fallback: string) => {
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !value.trim()) throw new TypeError(`${name} must be a non-empty string`);
    return value;
  };
  const scale = options.webhookTimeScale ?? 1;
  if (!(typeof scale === 'number' && scale > 0 && Number.isFinite(scale))) {
    throw new TypeError(`webhookTimeScale must be a positive number (got ${String(options.webhookTimeScale)})`);
  }
  const pause = options.handoverPauseSeconds ?? DEFAULTS.handoverPauseSeconds;
  if (!(Number.isFinite(pause) && pause > 0)) throw new TypeError('handoverPauseSeconds must be a positive number');
  if (options.webhookUrl) checkHttpUrl('webhookUrl', options.webhookUrl);
  const prefix = text('headerPrefix', options.headerPrefix, DEFAULTS.headerPrefix);
  if (!/^[A-Za-z0-9-]+$/.test(prefix)) throw new TypeError('headerPrefix may hold letters, digits and dashes only');
  return {
    apiKey: text('apiKey', options.apiKey, randomKey('parley-rest')),
    managementKey: text('managementKey', options.managementKey, randomKey('parley-mgmt')),
    webhookUrl: options.webhookUrl,
    verifyToken: text('verifyToken', options.verifyToken, DEFAULTS.verifyToken),
    webhookTimeScale: scale,
    clients: options.clients ?? clientsFromIds(options.clientIds),
    headerPrefix: prefix.toLowerCase(),
    strict: options.strict ?? false,
    flows: options.flows ?? DEMO_FLOWS,
    media: mediaFolder(options),
    quiet: options.quiet ?? false,
    handoverPauseSeconds: pause,
    prefix: (options.prefix ?? '').replace(/\/+$/, ''),
  };
}

/**
 * A key nobody can guess: a published default would let any website the developer visits read
 * every transcript through REST, which answers every origin (emulator contract, "On a developer's
 * machine"). The prefix only says which key it is.
 */
function randomKey(kind: string): string {
  return `${kind}-${randomBytes(18).toString('base64url')}`;
}

/** The media folder as a URL ending in `/`: the option, else `media/` beside the flows file
 * (for the demo flows, the demo's media). Paths are relative to the working directory. */
function mediaFolder(options: EmulatorOptions): URL {
  const asUrl = (where: string | URL) => (where instanceof URL ? where : pathToFileURL(resolve(where)));
  const { media } = options;
  if (media === undefined) return new URL('./media/', asUrl(options.flows ?? DEMO_FLOWS));
  if (!(media instanceof URL || (typeof media === 'string' && media.trim())))
    throw new TypeError('media must be a folder path or a file: URL');
  const folder = asUrl(media);
  return folder.href.endsWith('/') ? folder : new URL(`${folder.href}/`);
}

function clientsFromIds(ids: string[] | undefined): Record<string, ClientConfig> | undefined {
  if (!ids?.length) return undefined;
  for (const id of ids) if (typeof id !== 'string' || !id) throw new TypeError('clientIds must be non-empty strings');
  return Object.fromEntries(ids.map((id) => [id, { modes: ['plain', 'secret'] }]));
}

export function checkHttpUrl(name: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} must be an absolute http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${name} must be an http(s) URL (got "${value}")`);
}

/** The client a clientId names, or undefined when the emulator does not know it. */
export function clientFor(options: ResolvedOptions, clientId: string): ClientConfig | undefined {
  if (!options.clients) return clientId ? { modes: ['plain', 'secret'] } : undefined;
  return options.clients[clientId];
}

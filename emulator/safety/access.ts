// Who may reach the emulator on a developer's machine (emulator contract, "On a developer's
// machine: only its own pages may steer it"). What the spec makes cross-origin stays so: any page
// may ask for a socket address, open a socket and call REST (its key protects it). The console,
// its API and the control API answer only the emulator's own pages and the origins the user
// lists. And every request must name this machine in its Host header (or a name the user lists):
// a page of another site that points its own name at 127.0.0.1 (DNS rebinding) gets nothing.
import type { IncomingMessage } from 'node:http';

export interface AccessRules {
  /** Host names allowed besides loopback names and IP addresses; `true`: any (Vite's `allowedHosts: true`). */
  allowHosts: readonly string[] | true;
  /** Origins allowed on the console and the control API besides the emulator's own. */
  allowOrigin: (origin: string) => boolean;
}

/** The host name of a Host header: no port, no brackets, lower case, no trailing dot. */
function hostnameOf(host: string): string {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  return name.toLowerCase().replace(/\.$/, '');
}

/** Loopback names, and IP addresses (a DNS-rebinding page always sends a name, never an address). */
function isMachineName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');
}

/** Undefined when the Host header names this machine (or an allowed name); else what to say. */
export function hostRefusal(req: IncomingMessage, rules: AccessRules): string | undefined {
  const host = req.headers.host;
  if (rules.allowHosts === true || !host) return undefined;
  const hostname = hostnameOf(host);
  if (isMachineName(hostname) || rules.allowHosts.includes(hostname)) return undefined;
  return `Host "${host}" is not this machine: the emulator answers requests for localhost and IP addresses only (a page of another site could otherwise reach it by pointing its own name here). To reach it as ${hostname}, start it with --allow-host ${hostname} (allowHosts in startEmulator and the Vite plugin).`;
}

/**
 * What only the emulator's own pages may use: the console and its API, the control API, the
 * built-in webhook receiver (what it received holds visitors' messages and the verify token), and
 * the OpenAPI document (a map of the API for a page of another site to use).
 */
export function isPrivatePath(path: string): boolean {
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  return under('/console') || under('/receiver') || path.startsWith('/__control/') || path === '/openapi.json';
}

/**
 * Undefined when the request may use a private path: no Origin (Node, curl), its own origin, or an
 * allowed one. A request that carries another origin is refused outright, not just left without
 * CORS headers: a `text/plain` POST needs no preflight, so it would still act, unread.
 */
export function originRefusal(req: IncomingMessage, rules: AccessRules): string | undefined {
  const origin = req.headers.origin;
  if (!origin) return crossSiteWithoutOrigin(req) ? CROSS_SITE_REFUSAL : undefined;
  if (rules.allowOrigin(origin)) return undefined;
  const host = req.headers.host;
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return undefined;
  return `origin ${origin} may not use the console or the control API: only the emulator's own pages may. To allow it, start the emulator with --allow-origin ${origin} (allowOrigins in startEmulator and the Vite plugin).`;
}

const CROSS_SITE_REFUSAL =
  "a page of another site may not use the console, the control API or the receiver: only the emulator's own pages may (open the console itself to use it).";

/**
 * A browser's request from another site's page that carries no Origin (an image, a script, a
 * frame: GETs sent in no-cors mode). Browsers say where it came from in Sec-Fetch-Site; a
 * top-level navigation (a link to the console the developer clicks) is theirs to make.
 */
function crossSiteWithoutOrigin(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== 'cross-site' && site !== 'same-site') return false;
  return !(req.headers['sec-fetch-mode'] === 'navigate' && req.headers['sec-fetch-dest'] === 'document');
}

/** Rules from the emulator's options. */
export function accessRules(options: {
  allowOrigins?: readonly string[] | undefined;
  allowHosts?: readonly string[] | true | undefined;
}): AccessRules {
  const origins = new Set((options.allowOrigins ?? []).map((origin) => origin.replace(/\/+$/, '')));
  return {
    allowHosts: options.allowHosts === true ? true : (options.allowHosts ?? []).map(hostnameOf),
    allowOrigin: (origin) => origins.has(origin),
  };
}

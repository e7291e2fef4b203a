// The emulator's routing: which path goes to which part, behind the checks every request passes
// first (host, origin on private paths, target length, CORS preflight). emulator.ts builds the
// parts and hands them here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { overlongTarget } from './safety/bounds.ts';
import { hostRefusal, isPrivatePath, originRefusal, type AccessRules } from './safety/access.ts';
import type { ConsoleServer } from './console/server/server.ts';
import { handleControl, type EmulatorControl } from './control.ts';
import { refuse, sendError, sendJson, sendPreflight } from './core/http.ts';
import type { EmulatorLog } from './core/log.ts';
import { serveMedia } from './media.ts';
import { listFlows } from './management.ts';
import { openApiDocument } from './rest/openapi.ts';
import type { ResolvedOptions } from './core/options.ts';
import type { AddressDesk } from './socket/address.ts';
import type { WebhookReceiver } from './webhooks/receiver.ts';

export interface RoutingDeps {
  options: ResolvedOptions;
  access: AccessRules;
  log: EmulatorLog;
  /** A request passed the host check: the emulator may learn its own origin from it. */
  learnOrigin(req: IncomingMessage): void;
  rest: { handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void> };
  desk: AddressDesk;
  /** The flows as configured (they change on reset). */
  rawFlows(): unknown[];
  consoleServer: ConsoleServer;
  receiver: WebhookReceiver;
  control: EmulatorControl;
  sockets: { handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, pathname: string): void };
}

/** The two node:http hooks; each answers false for a path outside the emulator's prefix. */
export interface EmulatorRoutes {
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}

export function createRouting(deps: RoutingDeps): EmulatorRoutes {
  const { options, access, log } = deps;
  const owns = (pathname: string) => options.prefix === '' || pathname === options.prefix || pathname.startsWith(`${options.prefix}/`);

  function handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    if (!owns(url.pathname)) return false;
    const path = url.pathname.slice(options.prefix.length) || '/';
    const refusal = hostRefusal(req, access) ?? (isPrivatePath(path) ? originRefusal(req, access) : undefined);
    if (refusal) {
      refuse(res, refusal);
      return true;
    }
    deps.learnOrigin(req);
    const overlong = overlongTarget(req.url ?? '/');
    if (overlong) {
      sendJson(req, res, 414, { status: 'error', ...overlong });
      return true;
    }
    if (req.method === 'OPTIONS' && !path.startsWith('/console')) {
      sendPreflight(req, res);
      return true;
    }
    route(req, res, url, path).catch((error: unknown) => {
      log.info('handler error', error);
      if (!res.headersSent) sendError(req, res, 500, `emulator error: ${(error as Error).message}`);
    });
    return true;
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<void> {
    const get = (fn: () => void) => {
      if (req.method === 'GET') return fn();
      res.setHeader('Allow', 'GET');
      sendError(req, res, 405, `${req.method} is not allowed on ${path}; use GET`);
    };
    if (path.startsWith('/rest/v1/')) return deps.rest.handle(req, res, path.slice('/rest/v1/'.length), url);
    if (path === '/socket.info') return get(() => deps.desk.handle(req, res, url, 'plain'));
    if (path === '/sdk/socket.info') return get(() => deps.desk.handle(req, res, url, 'secret'));
    const project = /^\/v1\/projects\/([^/]+)\/flows(\/list)?\/?$/.exec(path)?.[1];
    if (project !== undefined)
      return get(() => listFlows(req, res, url, { projectId: decodedSegment(project), rawFlows: deps.rawFlows(), options, log }));
    if (path === '/console' || path.startsWith('/console/')) return deps.consoleServer.handle(req, res, path.slice('/console'.length));
    if (path === '/receiver' || path.startsWith('/receiver/')) return deps.receiver.handle(req, res, path.slice('/receiver'.length));
    if (path.startsWith('/__control/')) return handleControl(deps.control, req, res, path.slice('/__control/'.length), url);
    if (path.startsWith('/media/')) return get(() => void serveMedia(req, res, path.slice('/media/'.length), options.media));
    // Its own origin only (access.ts), like the console; the address it names is the one asked.
    if (path === '/openapi.json') {
      const host = req.headers.host;
      return get(() => sendJson(req, res, 200, openApiDocument(host ? `http://${host}${options.prefix}` : undefined)));
    }
    if (path === '/health') return get(() => sendJson(req, res, 200, { status: 'ok' }));
    sendError(req, res, 404, `no such endpoint: ${req.method} ${options.prefix}${path}`);
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    if (!owns(url.pathname)) return false;
    const refusal = hostRefusal(req, access);
    if (refusal) {
      const body = JSON.stringify({ status: 'error', message: refusal });
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return true;
    }
    deps.sockets.handleUpgrade(req, socket, head, url.pathname.slice(options.prefix.length) || '/');
    return true;
  }

  return { handleRequest, handleUpgrade };
}

/** A path segment as text; one that is not valid percent-encoding stays as written. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// The REST messaging API (spec 4.3-4.5, 5, 7): `{base}/rest/v1/...`, `Authorization: <API key>`,
// JSON in and out. Errors are HTTP statuses with `{status: "error", message}` naming the problem:
// 401 key, 400 field, 404 route or thread, 405 method, 413 body size, 415 content type.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { overlongId, trimTrailingSlashes } from '../safety/bounds.ts';
import { header, HttpError, readJson, sendError, sendJson } from '../core/http.ts';
import type { EmulatorLog } from '../core/log.ts';
import type { ResolvedOptions } from '../core/options.ts';
import type { Parsed } from '../spec/rest-schemas.ts';
import { refuses } from '../core/strictness.ts';

export interface RestRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** Path parameter (`:threadId`, decoded), when the route has one. */
  param?: string;
  query: URLSearchParams;
  /** Reads and parses the body; answers 400/413/415 itself and returns undefined on failure. */
  body<T>(parse: (body: unknown, options: { strict: boolean }) => Parsed<T>): Promise<T | undefined>;
  /** Parses the query the same way. */
  parseQuery<T>(parse: (query: URLSearchParams, options: { strict: boolean }) => Parsed<T>): T | undefined;
  ok(fields?: Record<string, unknown>): void;
  fail(status: number, message: string): void;
}

export type RestHandler = (r: RestRequest) => void | Promise<void>;

/** `messages/:threadId` style patterns, with the methods each accepts. */
export type RestRoutes = Record<string, Partial<Record<'GET' | 'POST' | 'DELETE', RestHandler>>>;

export function createRestRouter(routes: RestRoutes, deps: { options: ResolvedOptions; log: EmulatorLog }) {
  const table = Object.entries(routes).map(([pattern, methods]) => ({ pattern, match: compile(pattern), methods }));

  /** Handles `subpath` (after `/rest/v1/`). */
  async function handle(req: IncomingMessage, res: ServerResponse, subpath: string, url: URL): Promise<void> {
    const found = table.map((route) => ({ route, param: route.match(subpath) })).find((x) => x.param !== null);
    if (!found) return sendError(req, res, 404, `no such REST endpoint: ${req.method} /rest/v1/${subpath}`);
    const handler = found.route.methods[req.method as 'GET'];
    if (!handler) {
      res.setHeader('Allow', Object.keys(found.route.methods).join(', '));
      return sendError(
        req,
        res,
        405,
        `${req.method} is not allowed on /rest/v1/${found.route.pattern} (use ${Object.keys(found.route.methods).join(' or ')})`,
      );
    }
    const refusal = checkKey(req);
    if (refusal) return sendError(req, res, 401, refusal);
    const field = paramName(found.route.pattern);
    const overlong = field && overlongId(field, found.param ?? undefined);
    if (overlong) return sendJson(req, res, 400, { status: 'error', message: overlong, field });
    await handler(restRequest(req, res, url, found.param ?? undefined));
  }

  /** Spec 5: `Authorization: <API_KEY>`, the key itself. */
  function checkKey(req: IncomingMessage): string | undefined {
    const given = header(req, 'authorization')?.trim();
    if (!given) return 'Authorization header is required: Authorization: <API key>';
    if (given === deps.options.apiKey) return undefined;
    if (given === `Bearer ${deps.options.apiKey}`) {
      const problem = 'the REST API takes the key itself (Authorization: <API key>), without "Bearer"';
      return refuses(deps, 'rest', problem) ? problem : undefined;
    }
    return 'invalid API key';
  }

  function restRequest(req: IncomingMessage, res: ServerResponse, url: URL, param: string | undefined): RestRequest {
    const strict = deps.options.strict;
    const reportOrRefuse = <T>(parsed: Parsed<T>): T | undefined => {
      if (!parsed.ok) {
        sendJson(req, res, 400, { status: 'error', message: parsed.message, field: parsed.field });
        return undefined;
      }
      for (const what of parsed.departures) deps.log.departure('rest', what, url.pathname);
      return parsed.value;
    };
    return {
      req,
      res,
      ...(param !== undefined ? { param } : {}),
      query: url.searchParams,
      async body(parse) {
        let json: unknown;
        try {
          json = await readJson(req);
        } catch (error) {
          const status = error instanceof HttpError ? error.status : 400;
          sendError(req, res, status, (error as Error).message);
          return undefined;
        }
        return reportOrRefuse(parse(json, { strict }));
      },
      parseQuery: (parse) => reportOrRefuse(parse(url.searchParams, { strict })),
      ok: (fields = {}) => sendJson(req, res, 200, { status: 'ok', ...fields }),
      fail: (status, message) => sendError(req, res, status, message),
    };
  }

  return { handle };
}

/** `messages/:threadId` → `threadId`; undefined without a parameter. */
function paramName(pattern: string): string | undefined {
  const mark = pattern.indexOf('/:');
  return mark === -1 ? undefined : pattern.slice(mark + 2);
}

/** `messages/:threadId` → a matcher answering the decoded parameter ('' when none), or null. */
function compile(pattern: string): (path: string) => string | null {
  const [prefix, param] = pattern.split('/:');
  return (path) => {
    const clean = trimTrailingSlashes(path);
    if (param === undefined) return clean === prefix ? '' : null;
    if (!clean.startsWith(`${prefix}/`)) return null;
    const rest = clean.slice(prefix!.length + 1);
    if (!rest || rest.includes('/')) return null;
    try {
      return decodeURIComponent(rest);
    } catch {
      return null;
    }
  };
}

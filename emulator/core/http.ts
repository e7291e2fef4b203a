// Small node:http helpers: every answer is JSON and carries CORS headers, so a widget on any
// origin (or a test page) can read errors too; a refused request (access.ts) carries none.
import type { IncomingMessage, ServerResponse } from 'node:http';

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { 'Access-Control-Allow-Origin': '*' };
}

/** Answers a CORS preflight: 204, echoing the requested headers. */
export function sendPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...corsHeaders(req),
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    ...(requested ? { 'Access-Control-Allow-Headers': requested } : {}),
    'Access-Control-Max-Age': '600',
  });
  res.end();
}

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders(req),
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** 403 for a request from where the emulator does not answer: JSON, and no CORS header (a page of another origin reads nothing). */
export function refuse(res: ServerResponse, message: string): void {
  const text = JSON.stringify({ status: 'error', message });
  res.writeHead(403, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    Vary: 'Origin',
  });
  res.end(text);
}

export function sendError(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  sendJson(req, res, status, { status: 'error', message });
}

/** A request the emulator refuses, with the HTTP status that says why. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The largest request body the emulator reads (spec 8 does not show one; 1 MB is generous). */
const MAX_BODY_BYTES = 1_000_000;

/**
 * Reads a JSON body (an empty body is `{}`). Throws HttpError 413 past `maxBytes` (default
 * MAX_BODY_BYTES), 415 when a non-empty body is declared as something else than JSON, 400 when
 * it is not valid JSON.
 */
export function readJson(req: IncomingMessage, options: { requireJsonType?: boolean; maxBytes?: number } = {}): Promise<unknown> {
  const limit = options.maxBytes ?? MAX_BODY_BYTES;
  return new Promise((resolve, reject) => {
    const type = header(req, 'content-type');
    const declared = Number(header(req, 'content-length') ?? 0);
    if (declared > limit) {
      reject(new HttpError(413, `body too large: ${declared} bytes (the limit is ${limit})`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(new HttpError(413, `body too large: more than ${limit} bytes`));
        return; // keep draining so the answer still reaches the client
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return resolve({});
      if (options.requireJsonType !== false && type && !/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
        return reject(new HttpError(415, `Content-Type must be application/json (got "${type}")`));
      }
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new HttpError(400, 'body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

/** Single-valued header (node joins duplicates; arrays only for set-cookie). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

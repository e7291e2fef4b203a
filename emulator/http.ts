// Small node:http helpers: every answer is JSON and carries CORS headers, so a widget on any
// origin (or a test page) can read errors too.
import type { IncomingMessage, ServerResponse } from 'node:http';

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin
    ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
    : { 'Access-Control-Allow-Origin': '*' };
}

/** Answers a CORS preflight: 204, echoing the requested headers. */
export function sendPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    ...corsHeaders(req),
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
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

export function sendError(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  sendJson(req, res, status, { status: 'error', message });
}

/** Reads a JSON body (empty body = `{}`); rejects on invalid JSON or more than 1 MB. */
export function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return resolve({});
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error('body is not valid JSON'));
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

// GET {base}/media/<name>: the pictures, sounds and files the flows' templates show, served by
// the emulator itself so the demo needs no network (and a strict page CSP allows them as 'self').
// The folder is the `media` option (default: `media/` beside the flows file). Only plain names
// from that folder: no paths, no dot files, nothing else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { sendError } from './core/http.ts';

const MEDIA_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webm': 'video/webm',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

const MEDIA_NAME = /^[a-z0-9][a-z0-9-]*\.[a-z0-9]+$/;

export async function serveMedia(req: IncomingMessage, res: ServerResponse, name: string, dir: URL): Promise<void> {
  const type = MEDIA_TYPES[extname(name)];
  if (!MEDIA_NAME.test(name) || !type)
    return sendError(req, res, 404, `no media "${name}": names are like pro-plan.svg (${Object.keys(MEDIA_TYPES).join(' ')})`);
  let content: Buffer;
  try {
    content = await readFile(new URL(name, dir));
  } catch {
    return sendError(req, res, 404, `no media "${name}"`);
  }
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': content.length,
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    // Pictures and players on any page that embeds the widget may load them.
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Access-Control-Allow-Origin': '*',
  });
  res.end(req.method === 'HEAD' ? undefined : content);
}

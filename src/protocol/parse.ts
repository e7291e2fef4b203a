// The edge: every frame from the socket is parsed here once, and nothing past this point
// sees raw JSON. A bad frame is logged and dropped, never thrown.
import { IncomingFrames, type IncomingFrame, type ReceivedMessageDetail } from './frames.ts';
import { parseJsonWithoutNulls } from './json.ts';
import { MAX_FRAME_LENGTH } from './limits.ts';

export interface Logger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  info?(...args: unknown[]): void;
  debug?(...args: unknown[]): void;
}

const PREVIEW_LENGTH = 200;

function preview(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}

/** Parses one socket frame; returns undefined (after a console warning) for anything unusable. */
export function parseIncomingFrame(data: unknown, logger: Logger): IncomingFrame | undefined {
  if (typeof data !== 'string') {
    logger.warn('[parley] dropped a non-text frame');
    return undefined;
  }
  // Refused unread: parsing and checking a frame this long could hold the page for seconds.
  if (data.length > MAX_FRAME_LENGTH) {
    logger.warn(
      `[parley] dropped a frame of ${data.length} characters (the most taken is ${MAX_FRAME_LENGTH}):`,
      data.slice(0, PREVIEW_LENGTH),
    );
    return undefined;
  }
  let json: unknown;
  try {
    json = parseJsonWithoutNulls(data);
  } catch {
    logger.warn('[parley] dropped a non-JSON frame:', preview(data));
    return undefined;
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') {
    logger.warn('[parley] dropped a frame without a type:', preview(data));
    return undefined;
  }
  const schema = Object.hasOwn(IncomingFrames, type) ? IncomingFrames[type as keyof typeof IncomingFrames] : undefined;
  if (!schema) {
    logger.warn(`[parley] dropped a frame of unknown type "${type}"`);
    return undefined;
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const where = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    logger.warn(`[parley] dropped a malformed "${type}" frame (${where.join('; ')}):`, preview(data));
    return undefined;
  }
  const frame = { type, ...result.data } as IncomingFrame;
  // The page gets a received message whole: parsed again, as sent (the schema dropped what it
  // does not name, the first parse turned nulls into undefined).
  if (frame.type === 'message.received') frame.sent = (JSON.parse(data) as { payload: ReceivedMessageDetail }).payload;
  return frame;
}

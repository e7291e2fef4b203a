// A test-side socket on the emulator that records every frame and lets a test await the next ones:
// shared by the real-clients integration tests (test/emulator/real-clients.ts) and the emulator's
// in-process e2e specs (e2e/support/emulator-server.ts), so it imports neither Vitest nor Playwright.
import type WebSocket from 'ws';

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export class RecordingSocket {
  /** The frames received, parsed (`{ unparsable: raw }` where one was not JSON). */
  readonly frames: Json[] = [];
  /** The frames received, as they came. */
  readonly raws: string[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  /** `timeoutMs`: how long `waitFor` and `waitType` wait unless told. */
  constructor(
    readonly ws: WebSocket,
    private readonly timeoutMs = 5000,
  ) {
    ws.on('message', (data) => {
      const raw = String(data);
      this.raws.push(raw);
      try {
        this.frames.push(JSON.parse(raw));
      } catch {
        this.frames.push({ unparsable: raw });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  of(type: string): Json[] {
    return this.frames.filter((f) => f.type === type);
  }

  /** Waits until `count` frames matching `pred` have arrived (counting from the start). */
  async waitFor(pred: (f: Json) => boolean, count = 1, timeoutMs = this.timeoutMs): Promise<Json[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hits = this.frames.filter(pred);
      if (hits.length >= count) return hits;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for frames; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  waitType(type: string, count = 1, timeoutMs?: number): Promise<Json[]> {
    return this.waitFor((f) => f.type === type, count, timeoutMs);
  }

  /** Closes the socket (at once) and resolves once it is closed. */
  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}

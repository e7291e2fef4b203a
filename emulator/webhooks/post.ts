// One webhook attempt: a single real HTTP(S) POST. Never throws: every outcome is a value, so the
// dispatcher has one code path for "the receiver answered" and "it did not".
import http from 'node:http';
import https from 'node:https';

/** What one attempt produced: a status (any, 2xx or not), or why there was none. */
export type PostResult = { status: number } | { error: 'timeout' | 'refused' | `network: ${string}` };

/** The dispatcher's view of posting, so unit tests can inject a fake. */
export type Post = (url: string, body: string, timeoutMs: number) => Promise<PostResult>;

/** Keep-alive agents: a dispatcher posts many small bodies to one URL. */
export interface PostAgents {
  http: http.Agent;
  https: https.Agent;
}

export function createAgents(): PostAgents {
  return {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };
}

export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * POSTs `body` (JSON text) to `url`. The timeout covers connecting and the answer's headers; it is
 * real time, never scaled. Redirects are not followed (node:http never does), and the answer's
 * body is drained unread (spec 6.2: headers and body of the response are ignored).
 */
export function postJson(url: string, body: string, options: { timeoutMs?: number; agents?: PostAgents } = {}): Promise<PostResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ error: 'network: invalid URL' });
  }
  const transport = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
  if (!transport) return Promise.resolve({ error: `network: unsupported protocol ${target.protocol}` });
  const agent = options.agents ? (target.protocol === 'https:' ? options.agents.https : options.agents.http) : undefined;

  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const req = transport.request(target, {
      method: 'POST',
      agent,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'parley-emulator',
        'Content-Length': Buffer.byteLength(body),
      },
    });
    const deadline = setTimeout(() => {
      settle({ error: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      // The status is the whole answer; drain the rest so the socket can be reused, but give up
      // the socket if the body does not end within the timeout (a stuck one must not hold it).
      settle({ status: res.statusCode ?? 0 });
      const drainDeadline = setTimeout(() => res.destroy(), timeoutMs);
      res.on('close', () => clearTimeout(drainDeadline));
      res.on('error', () => {});
      res.resume();
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle(describeError(error)));
    req.end(body);
  });
}

function describeError(error: NodeJS.ErrnoException): PostResult {
  if (error.code === 'ECONNREFUSED') return { error: 'refused' };
  return { error: `network: ${error.code ?? error.message}` };
}

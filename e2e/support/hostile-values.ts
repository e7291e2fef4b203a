// The building blocks of hostile frames: their types, a well-formed message.received to break,
// the paths of its fields and a mutator, and seeded makers of wrong values, foreign threads and
// traceIds that must confirm nothing. Kept apart so the kinds (hostile-kinds.ts) read as a table.
import type { Rng } from './prng.ts';

export interface HostileFrame {
  raw: string;
  /** Sent as a binary frame. */
  binary?: boolean;
  /** A well-formed message for the client's thread: its text must show once. */
  shows?: string;
  /** A well-formed message for another thread: its text must never show. */
  hidden?: string;
  kind: string;
}

export interface HostileOptions {
  /** The client's thread. */
  threadId: string;
  /** traceId of a message the client has sent and the service has not confirmed: no frame here may confirm it. */
  unconfirmedTraceId: number;
  /** Frames of about a megabyte (at most one per batch of pushes). */
  huge: number;
  /** Frames nested this deep (as raw text). */
  deep: number;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = Array<string | number>;

export const text = (value: string, extra: Record<string, Json> = {}): Json => ({
  type: 'text',
  payload: { text: value, quickReplies: [{ label: 'Help', value: 'help', type: 'text' }] },
  ...extra,
});
export const received = (threadId: string, value: string): { [key: string]: Json } => ({
  type: 'message.received',
  payload: {
    threadId,
    messages: [
      {
        fallback: `fallback of ${value}`,
        silent: false,
        originator: { name: 'Bot', role: 'bot', profile: { picture: 'http://127.0.0.1:9/p.png' } },
        responses: [text(value, { delay: 0 })],
        meta: { keepTyping: false },
      },
    ],
    originator: { name: 'Bot', role: 'bot' },
  },
});

export const receivedPaths: Path[] = [
  ['type'],
  ['payload'],
  ['payload', 'threadId'],
  ['payload', 'messages'],
  ['payload', 'messages', 0],
  ['payload', 'messages', 0, 'fallback'],
  ['payload', 'messages', 0, 'silent'],
  ['payload', 'messages', 0, 'originator'],
  ['payload', 'messages', 0, 'originator', 'name'],
  ['payload', 'messages', 0, 'originator', 'role'],
  ['payload', 'messages', 0, 'originator', 'profile'],
  ['payload', 'messages', 0, 'originator', 'profile', 'picture'],
  ['payload', 'messages', 0, 'responses'],
  ['payload', 'messages', 0, 'responses', 0],
  ['payload', 'messages', 0, 'responses', 0, 'type'],
  ['payload', 'messages', 0, 'responses', 0, 'payload'],
  ['payload', 'messages', 0, 'responses', 0, 'payload', 'text'],
  ['payload', 'messages', 0, 'responses', 0, 'payload', 'quickReplies'],
  ['payload', 'messages', 0, 'responses', 0, 'payload', 'quickReplies', 0],
  ['payload', 'messages', 0, 'responses', 0, 'payload', 'quickReplies', 0, 'label'],
  ['payload', 'messages', 0, 'responses', 0, 'payload', 'quickReplies', 0, 'value'],
  ['payload', 'messages', 0, 'responses', 0, 'payload', 'quickReplies', 0, 'type'],
  ['payload', 'messages', 0, 'responses', 0, 'delay'],
  ['payload', 'messages', 0, 'meta'],
  ['payload', 'messages', 0, 'meta', 'keepTyping'],
  ['payload', 'originator'],
  ['payload', 'originator', 'role'],
];

/** Sets (or with `remove`, deletes) the value at a path of a copy of the frame. */
export const mutate = (frame: Json, path: Path, value: Json | undefined): Json => {
  const copy = structuredClone(frame);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
};

export const frame = (kind: string, raw: string, extra: Partial<HostileFrame> = {}): HostileFrame => ({ kind, raw, ...extra });
export const json = (kind: string, value: Json, extra: Partial<HostileFrame> = {}) => frame(kind, JSON.stringify(value), extra);

export type HostileValues = ReturnType<typeof hostileValues>;

/** The seeded makers of one run; `tag` numbers the texts of that run (`ok-1`, `bad-2`, …). */
export function hostileValues(r: Rng, o: HostileOptions) {
  let serial = 0;
  const tag = (prefix: string) => `${prefix}-${++serial}`;
  const otherThread = () =>
    r.pick([
      '',
      ' ',
      o.threadId.toUpperCase(),
      `${o.threadId} `,
      o.threadId.slice(1),
      '00000000-0000-4000-8000-000000000000',
      `${o.threadId}\u0000`,
      `\u202e${o.threadId}`,
    ]);

  // Values of the wrong type (or the right type with a hostile value) for any field.
  const wrong = (): Json =>
    r.pick<() => Json>([
      () => null,
      () => true,
      () => false,
      () => 0,
      () => -1,
      () => 1.5,
      () => 1e308,
      () => -1e308,
      () => 2 ** 53 + 2,
      () => '',
      () => ' ',
      () => 'x',
      () => '0',
      () => 'null',
      () => '<img src=x onerror="window.__parleyPwned=1">',
      () => '\u0000\u0001\u001f',
      () => '\ud800',
      () => 'a'.repeat(r.int(1_000, 20_000)),
      () => [],
      () => [1, 'two', null, {}],
      () => [[[[[[[[[[]]]]]]]]]],
      () => ({}),
      () => ({ a: 1 }),
      () => ({ type: 'text', payload: { text: 'nested' } }),
      () => ({ toString: 'x', valueOf: 1, length: -1 }),
    ])();

  // Positive numbers would be real delays, and the client waits them (up to 60 s each) before
  // showing later messages; they are not malformed, so they stay out of this storm.
  const wrongDelay = (): Json => {
    const value = wrong();
    return typeof value === 'number' && value > 0 ? -value : value;
  };

  // traceIds that can never read as the unconfirmed message's (number, or string of digits).
  const badTraceId = (): Json => {
    const t = o.unconfirmedTraceId;
    return r.pick<Json>([
      -t,
      0,
      t + 0.5,
      -0.5,
      1e21,
      2 ** 53 + 2,
      Number.MAX_VALUE,
      `${t}.0`,
      `${t}e0`,
      `-${t}`,
      ` ${t}`,
      `${t} `,
      `0x${t.toString(16)}`,
      'NaN',
      'Infinity',
      '',
      '9'.repeat(400),
      [t],
      { traceId: t },
      { valueOf: t },
      true,
      null,
    ]);
  };

  return { tag, otherThread, wrong, wrongDelay, badTraceId };
}

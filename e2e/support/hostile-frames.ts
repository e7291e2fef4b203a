// A seeded generator of malformed and hostile socket frames, for the hostile-frames spec: wrong
// types for every field the client reads, missing fields, invalid JSON, unknown types,
// prototype-pollution keys, deep nesting, huge strings, garbage text and binary frames.
// Mixed in are two kinds of well-formed frames whose fate is known: `ok-N` texts for the
// client's thread (each must show exactly once, in order) and `wrong-N` texts for other threads
// (none may show).
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

/** Huge frames stay under the control API's 1 MB body limit, escapes included. */
const HUGE_LENGTH = 950_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = Array<string | number>;

export function hostileFrames(r: Rng, count: number, o: HostileOptions): HostileFrame[] {
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

  const text = (value: string, extra: Record<string, Json> = {}): Json => ({
    type: 'text',
    payload: { text: value, quickReplies: [{ label: 'Help', value: 'help', type: 'text' }] },
    ...extra,
  });
  const received = (threadId: string, value: string): { [key: string]: Json } => ({
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

  const receivedPaths: Path[] = [
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
  const mutate = (frame: Json, path: Path, value: Json | undefined): Json => {
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

  const frame = (kind: string, raw: string, extra: Partial<HostileFrame> = {}): HostileFrame => ({ kind, raw, ...extra });
  const json = (kind: string, value: Json, extra: Partial<HostileFrame> = {}) => frame(kind, JSON.stringify(value), extra);

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

  const generators: Array<[number, () => HostileFrame]> = [
    // message.received with one field of the wrong type or missing, for this thread.
    [
      18,
      () => {
        const path = r.pick(receivedPaths);
        const isDelay = path.at(-1) === 'delay';
        const value = r.chance(0.2) ? undefined : isDelay ? wrongDelay() : wrong();
        return json('received: wrong field', mutate(received(o.threadId, tag('bad')), path, value));
      },
    ],
    // message.received with several fields wrong at once.
    [
      6,
      () => {
        let value: Json = received(o.threadId, tag('bad'));
        for (let i = r.int(2, 5); i > 0; i--) {
          const path = r.pick(receivedPaths.filter((p) => p.length > 2));
          try {
            value = mutate(value, path, path.at(-1) === 'delay' ? wrongDelay() : wrong());
          } catch {
            // An earlier change removed this path's parent: leave it.
          }
        }
        return json('received: several fields wrong', value);
      },
    ],
    // message.delivered: wrong types, wrong thread, traceIds that must confirm nothing.
    [
      12,
      () => {
        const t = o.unconfirmedTraceId;
        const payload = r.pick<Json>([
          { threadId: otherThread(), traceId: t, speech: 'x' },
          { threadId: otherThread(), traceId: String(t) },
          { threadId: o.threadId, traceId: badTraceId() },
          { traceId: badTraceId() },
          // (null is left out: a null field reads as absent, and a delivery without threadId is this thread's.)
          { threadId: r.pick<Json>([true, 0, 1, [], {}, [o.threadId], { threadId: o.threadId }]), traceId: t },
          { threadId: o.threadId },
          {},
          wrong(),
        ]);
        const value: Json = r.chance(0.1) ? { type: 'message.delivered' } : { type: 'message.delivered', payload };
        return json('delivered: hostile', value);
      },
    ],
    // error and pong frames with wrong types and extra parts.
    [
      6,
      () =>
        json(
          'error/pong: hostile',
          r.pick<Json>([
            { type: 'error', message: wrong() },
            { type: 'error' },
            { type: 'error', message: 'a'.repeat(r.int(1, 5_000)), code: wrong() },
            { type: 'error', payload: wrong() },
            { type: 'pong', payload: wrong() },
            { type: 'pong', message: wrong(), extra: wrong() },
          ]),
        ),
    ],
    // Whole frames that are not objects, or objects without a usable type.
    [
      6,
      () =>
        frame(
          'not a frame',
          r.pick([
            'null',
            'true',
            'false',
            '0',
            '-1',
            '1e308',
            '1e999',
            '"message.received"',
            '[]',
            '{}',
            '[{"type":"pong"}]',
            JSON.stringify(JSON.stringify(received(o.threadId, tag('bad')))),
            JSON.stringify({ type: wrong() }),
            JSON.stringify({ payload: received(o.threadId, tag('bad')).payload }),
            JSON.stringify({ Type: 'message.received', payload: received(o.threadId, tag('bad')).payload }),
          ]),
        ),
    ],
    // Unknown types, near misses of real ones, and names of Object.prototype's members.
    [
      8,
      () => {
        const type = r.pick([
          'PONG',
          'Message.Received',
          'message.received ',
          'message_received',
          'message.send',
          'ping',
          '__proto__',
          'constructor',
          'prototype',
          'toString',
          'hasOwnProperty',
          'valueOf',
          '__defineGetter__',
          'isPrototypeOf',
          `x-${r.int(0, 1e9).toString(36)}`,
        ]);
        return json('unknown type', { type, payload: received(o.threadId, tag('bad')).payload! });
      },
    ],
    // Prototype-pollution keys, as raw JSON (an object literal would set a prototype instead).
    [
      6,
      () => {
        const evil = '{"polluted":"yes","toString":"polluted","label":"inherited","threadId":"inherited"}';
        const threadId = JSON.stringify(o.threadId);
        return frame(
          'prototype keys',
          r.pick([
            `{"__proto__":${evil},"type":"message.received","payload":{"__proto__":${evil},"threadId":${threadId},"messages":[{"__proto__":${evil},"constructor":{"prototype":${evil}},"responses":[{"__proto__":${evil},"type":"text","payload":{"__proto__":${evil},"text":"${tag('proto')}","quickReplies":[{"__proto__":${evil}},{"constructor":{"prototype":${evil}},"label":"ok"}]}}]}]}}`,
            `{"type":"__proto__","payload":${evil}}`,
            `{"type":"constructor","constructor":{"prototype":${evil}}}`,
            `{"type":"pong","__proto__":${evil}}`,
            `{"type":"message.delivered","payload":{"__proto__":{"traceId":${o.unconfirmedTraceId},"threadId":${threadId}}}}`,
            `{"type":"message.received","payload":{"__proto__":{"threadId":${threadId},"messages":[]}}}`,
            `{"type":"message.received","payload":{"threadId":${threadId},"messages":{"__proto__":[],"length":1,"0":{}}}}`,
            `{"type":"error","message":{"__proto__":${evil}},"constructor":{"prototype":${evil}}}`,
          ]),
        );
      },
    ],
    // Invalid JSON.
    [
      8,
      () => {
        const valid = JSON.stringify(received(o.threadId, tag('bad')));
        return frame(
          'invalid JSON',
          r.pick([
            valid.slice(0, r.int(0, valid.length - 1)),
            valid.replace(/}$/, ',}'),
            valid.replaceAll('"', "'"),
            valid.replace('"type"', 'type'),
            `\ufeff${valid}`,
            `${valid}${valid}`,
            `${valid} trailing`,
            `// comment\n${valid}`,
            '{"type":"pong",}',
            '{"type":NaN}',
            '{"type":Infinity}',
            '{"type":undefined}',
            'undefined',
            '',
            ' \n\t ',
            '{"type":"pong"',
            '"\\ud800',
            '{"type":"\\x41"}',
            '[1,]',
          ]),
        );
      },
    ],
    // Text that looks binary: control characters, lone surrogates, random code units.
    [
      5,
      () => {
        const length = r.int(1, 2_000);
        let value = '';
        for (let i = 0; i < length; i++) value += String.fromCharCode(r.chance(0.3) ? r.int(0, 31) : r.int(0, 0xffff));
        return frame('garbage text', value);
      },
    ],
    // Binary frames: garbage, and even a well-formed message (JSON belongs in text frames).
    [
      2,
      () =>
        frame(
          'binary',
          r.chance(0.5) ? Array.from({ length: r.int(1, 500) }, () => String.fromCharCode(r.int(0, 255))).join('') : JSON.stringify(received(o.threadId, tag('bad'))),
          { binary: true },
        ),
    ],
    // Well-formed, for another thread: must not show.
    [
      7,
      () => {
        const value = tag('wrong');
        return json('other thread', received(otherThread(), value), { hidden: value });
      },
    ],
    // Well-formed, for this thread, with odd but valid contents: must show once.
    [
      10,
      () => {
        const value = tag('ok');
        const frameValue = received(o.threadId, value);
        const message = (frameValue.payload as { messages: Array<Record<string, Json>> }).messages[0]!;
        // Extra fields are the service's right; odd characters are text like any other.
        if (r.chance(0.3)) message.unknownField = wrong();
        if (r.chance(0.3)) frameValue.extra = wrong();
        if (r.chance(0.2)) message.responses = [text(`${value} <b>bold</b> \u202e\u0000 https://127.0.0.1:9/?q=<script>`)];
        return json('well-formed', frameValue, { shows: value });
      },
    ],
  ];
  const total = generators.reduce((sum, [weight]) => sum + weight, 0);
  const pickGenerator = () => {
    let x = r() * total;
    for (const [weight, make] of generators) if ((x -= weight) < 0) return make;
    return generators.at(-1)![1];
  };

  const frames: HostileFrame[] = [];
  for (let i = 0; i < count; i++) frames.push(pickGenerator()());

  // The rare kinds, at seeded places: a few huge frames and a few deeply nested ones.
  const place = (item: HostileFrame) => frames.splice(r.int(0, frames.length - 1), 1, item);
  const filler = () => {
    let value = '';
    while (value.length < HUGE_LENGTH) value += `${r.int(0, 1e9).toString(36)} `;
    return value.slice(0, HUGE_LENGTH);
  };
  for (let i = 0; i < o.huge; i++) {
    const which = i % 3;
    if (which === 0) {
      const value = tag('ok-huge');
      const huge = received(o.threadId, value);
      (huge.payload as { messages: Json[] }).messages = [{ responses: [text(`${value} ${filler()}`)] }];
      place(json('huge: text', huge, { shows: value }));
    } else if (which === 1) place(json('huge: error message', { type: 'error', message: filler() }));
    else place(frame('huge: garbage', filler()));
  }
  for (let i = 0; i < o.deep; i++) {
    const depth = i === 0 ? 10_000 : r.pick([1_000, 10_000, 50_000]);
    const which = i % 3;
    const arrays = '['.repeat(depth) + ']'.repeat(depth);
    if (which === 0) place(frame('deep: arrays', arrays));
    else if (which === 1) place(frame('deep: objects', '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));
    else {
      const threadId = JSON.stringify(o.threadId);
      place(frame('deep: inside a message', `{"type":"message.received","payload":{"threadId":${threadId},"messages":[{"responses":[{"type":"text","payload":{"text":"${tag('deep')}","quickReplies":${arrays}}}]}]}}`));
    }
  }
  return frames;
}

/**
 * Groups frames into push calls, each body under `maxBytes` with one binary flag. Text frames
 * keep their order; within every run of `chunk` frames the binary ones go last, so a storm
 * takes tens of calls rather than one per switch between text and binary.
 */
export function batches(frames: HostileFrame[], maxBytes = 990_000, chunk = 500): Array<{ raws: string[]; binary: boolean }> {
  const ordered: HostileFrame[] = [];
  for (let i = 0; i < frames.length; i += chunk) {
    const part = frames.slice(i, i + chunk);
    ordered.push(...part.filter((f) => !f.binary), ...part.filter((f) => f.binary));
  }
  const out: Array<{ raws: string[]; binary: boolean; bytes: number }> = [];
  for (const item of ordered) {
    const size = Buffer.byteLength(JSON.stringify(item.raw)) + 1;
    const binary = item.binary === true;
    const last = out.at(-1);
    if (last && last.binary === binary && last.bytes + size <= maxBytes) {
      last.raws.push(item.raw);
      last.bytes += size;
    } else out.push({ raws: [item.raw], binary, bytes: size + 30 });
  }
  return out.map(({ raws, binary }) => ({ raws, binary }));
}

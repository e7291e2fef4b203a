// The ordinary kinds of hostile frame, each with its weight in the storm: broken messages,
// hostile deliveries, non-frames, unknown types, prototype keys, invalid JSON, garbage, binary,
// and the well-formed `ok-N` / `wrong-N` frames whose fate the spec checks. The driver picks.
import type { Rng } from './prng.ts';
import { frame, json, mutate, received, receivedPaths, text } from './hostile-values.ts';
import type { HostileFrame, HostileOptions, HostileValues, Json } from './hostile-values.ts';

/** A kind: its weight, and a maker of one frame of it (drawing from the run's Rng). */
export type HostileKind = [weight: number, make: () => HostileFrame];

export function hostileKinds(r: Rng, o: HostileOptions, v: HostileValues): HostileKind[] {
  const { tag, otherThread, wrong, wrongDelay, badTraceId } = v;
  return [
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
          r.chance(0.5)
            ? Array.from({ length: r.int(1, 500) }, () => String.fromCharCode(r.int(0, 255))).join('')
            : JSON.stringify(received(o.threadId, tag('bad'))),
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
}

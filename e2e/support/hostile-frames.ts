// A seeded generator of malformed and hostile socket frames, for the hostile-frames spec: this
// driver draws the ordinary kinds (hostile-kinds.ts) by weight, places the rare huge and deeply
// nested frames, and groups frames into push calls. Same seed, same frames.
import type { Rng } from './prng.ts';
import { hostileKinds } from './hostile-kinds.ts';
import { frame, hostileValues, json, received, text } from './hostile-values.ts';
import type { HostileFrame, HostileOptions, Json } from './hostile-values.ts';

export type { HostileFrame, HostileOptions } from './hostile-values.ts';

/** Huge frames stay under the control API's 1 MB body limit, escapes included. */
const HUGE_LENGTH = 950_000;

/**
 * `count` frames of wrong types for every field the client reads, missing fields, invalid JSON,
 * unknown types, prototype-pollution keys, garbage text and binary, plus `o.huge` huge and `o.deep`
 * deep ones. Mixed in are well-formed frames whose fate is known: `ok-N` texts for the client's
 * thread (each must show exactly once, in order) and `wrong-N` texts for other threads (none may show).
 */
export function hostileFrames(r: Rng, count: number, o: HostileOptions): HostileFrame[] {
  const values = hostileValues(r, o);
  const { tag } = values;
  const generators = hostileKinds(r, o, values);
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
      place(
        frame(
          'deep: inside a message',
          `{"type":"message.received","payload":{"threadId":${threadId},"messages":[{"responses":[{"type":"text","payload":{"text":"${tag('deep')}","quickReplies":${arrays}}}]}]}}`,
        ),
      );
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

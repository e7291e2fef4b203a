// A small seeded PRNG for specs that must replay the same "random" run: the chaos and
// hostile-frame specs print their seed, and PARLEY_SEED=<seed> replays a failure.

/** mulberry32: 32 bits of state, uniform floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  (): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function rng(seed: number): Rng {
  const next = mulberry32(seed);
  const r = (() => next()) as Rng;
  r.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  r.pick = (items) => items[Math.floor(next() * items.length)]!;
  r.chance = (p) => next() < p;
  return r;
}

/** The seed of a run: PARLEY_SEED when set (to replay one), else the spec's fixed default. */
export function seedFrom(fallback: number): number {
  const fromEnv = Number(process.env.PARLEY_SEED);
  return Number.isInteger(fromEnv) && process.env.PARLEY_SEED !== '' ? fromEnv : fallback;
}

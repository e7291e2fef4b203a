import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { byKind, finite, oneOf, parsedBy } from './kinds.ts';

describe('parsedBy', () => {
  const Doubled = parsedBy((value, complain) => (typeof value === 'number' ? value * 2 : complain('not a number')));

  it('returns what its function returns, alone and inside other schemas', () => {
    expect(Doubled.safeParse(2)).toEqual({ success: true, data: 4 });
    expect(z.array(Doubled).safeParse([1, 2])).toEqual({ success: true, data: [2, 4] });
    expect(z.object({ n: z.optional(Doubled) }).safeParse({ n: 3 })).toEqual({ success: true, data: { n: 6 } });
  });

  it('fails where its function complains, with the message and the path inside', () => {
    const result = z.object({ list: z.array(Doubled) }).safeParse({ list: [1, 'x'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ code: 'custom', message: 'not a number', path: ['list', 1] })]);
  });
});

describe('byKind', () => {
  const Shape = byKind('kind', {
    circle: z.object({ r: finite }),
    square: z.object({ side: finite, unit: z.optional(oneOf('cm', 'in')) }),
  });

  it('checks a value by the schema of its kind and puts the kind back; fields no schema names are left out', () => {
    expect(Shape.safeParse({ kind: 'circle', r: 1, extra: 'x' })).toEqual({ success: true, data: { kind: 'circle', r: 1 } });
    expect(Shape.safeParse({ kind: 'square', side: 2, unit: 'cm' })).toEqual({
      success: true,
      data: { kind: 'square', side: 2, unit: 'cm' },
    });
  });

  it("fails on an unknown kind, a missing one, or its schema's issues, each at its path", () => {
    expect(Shape.safeParse({ kind: 'hexagon' }).error!.issues).toEqual([
      expect.objectContaining({ message: 'no kind "hexagon"', path: ['kind'] }),
    ]);
    expect(Shape.safeParse(null).error!.issues).toEqual([expect.objectContaining({ path: ['kind'] })]);
    expect(Shape.safeParse({ kind: 'square', side: Infinity, unit: 'mm' }).error!.issues.map((issue) => issue.path)).toEqual([
      ['side'],
      ['unit'],
    ]);
  });

  it('never hands back the object it was given', () => {
    const given = { kind: 'circle', r: 1 };
    expect(Shape.parse(given)).not.toBe(given);
  });
});

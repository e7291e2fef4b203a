import { describe, expect, it } from 'vitest';
import {
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  MAX_PATH_LENGTH,
  MAX_QUERY_LENGTH,
  overlongId,
  overlongTarget,
  trimTrailingSlashes,
} from './bounds.ts';

/** How long `run` takes, in milliseconds. */
function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

describe('trimTrailingSlashes', () => {
  it('drops the slashes a text ends with, and only those', () => {
    expect(trimTrailingSlashes('messages/t1///')).toBe('messages/t1');
    expect(trimTrailingSlashes('/a//b')).toBe('/a//b');
    expect(trimTrailingSlashes('///')).toBe('');
    expect(trimTrailingSlashes('')).toBe('');
  });

  it('takes one pass where /\\/+$/ took quadratic time (14,000 slashes then a letter)', () => {
    const path = `${'/'.repeat(200_000)}x${'/'.repeat(200_000)}`;
    expect(timed(() => trimTrailingSlashes(path))).toBeLessThan(50);
  });
});

describe('isEmailAddress', () => {
  it('accepts local@domain.tld and refuses what the former regular expression refused', () => {
    expect(isEmailAddress('ann@example.com')).toBe(true);
    expect(isEmailAddress('a@b.c')).toBe(true);
    for (const bad of ['', 'ann', '@b.c', 'a@', 'a@b', 'a@.c', 'a@b.', 'a@@b.c', 'a@b@c.d', 'a b@c.d', 'a@b.c\n'])
      expect(isEmailAddress(bad)).toBe(false);
  });

  it(`refuses more than ${MAX_EMAIL_LENGTH} characters without reading them`, () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(MAX_EMAIL_LENGTH - 69)}.com`;
    expect(longest).toHaveLength(MAX_EMAIL_LENGTH);
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`a${longest}`)).toBe(false);
    expect(timed(() => isEmailAddress(`a@${'.'.repeat(1_000_000)}@`))).toBeLessThan(20);
  });
});

describe('overlongTarget', () => {
  it('names the path or the query past its cap, and lets the rest through', () => {
    expect(overlongTarget('/rest/v1/threads?page=1')).toBeUndefined();
    expect(overlongTarget(`/${'a'.repeat(MAX_PATH_LENGTH - 1)}?${'q'.repeat(MAX_QUERY_LENGTH)}`)).toBeUndefined();
    expect(overlongTarget(`/${'/'.repeat(MAX_PATH_LENGTH)}`)).toEqual({
      field: 'path',
      message: `path: must be at most ${MAX_PATH_LENGTH} characters (got ${MAX_PATH_LENGTH + 1})`,
    });
    expect(overlongTarget(`/x?${'q'.repeat(MAX_QUERY_LENGTH + 1)}`)).toEqual({
      field: 'query',
      message: `query: must be at most ${MAX_QUERY_LENGTH} characters (got ${MAX_QUERY_LENGTH + 1})`,
    });
  });
});

describe('overlongId', () => {
  it(`names an id longer than ${MAX_ID_LENGTH} characters`, () => {
    expect(overlongId('threadId', 't'.repeat(MAX_ID_LENGTH))).toBeUndefined();
    expect(overlongId('threadId', undefined)).toBeUndefined();
    expect(overlongId('threadId', 't'.repeat(MAX_ID_LENGTH + 1))).toBe(
      `threadId: must be at most ${MAX_ID_LENGTH} characters (got ${MAX_ID_LENGTH + 1})`,
    );
  });
});

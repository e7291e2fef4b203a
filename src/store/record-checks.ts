// Stored data may come from an older version, be damaged, or have been written by a script on
// the page: each record passes its schema (record-schemas.ts) before it is trusted, and what is
// used is what the schema returns.
import type * as z from 'zod/mini';
import type { Logger } from '../protocol/parse.ts';
import { EntrySchema, MetaSchema, OutboxSchema, RequestSchema } from './record-schemas.ts';

/** History kept per thread; older entries are deleted as new ones are written, and when a conversation is loaded. */
export const MAX_STORED_ENTRIES = 5_000;

/** The record as its schema returns it, or undefined when it does not pass. */
export type Check<T> = (value: unknown) => T | undefined;

export const checkWith =
  <T>(schema: z.ZodMiniType<T>): Check<T> =>
  (value) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : undefined;
  };

/** Checks of stored records (also used for the tab's view snapshot). */
export const checks = {
  meta: checkWith(MetaSchema),
  entry: checkWith(EntrySchema),
  outbox: checkWith(OutboxSchema),
  request: checkWith(RequestSchema),
};

/**
 * `check` for `flatMap`: the record as checked, or nothing, with a warning (once per reader) about
 * one that does not pass. An absent record is no damage.
 */
export function valid<T>(check: Check<T>, logger: Logger): (value: unknown) => T[] {
  let warned = false;
  return (value) => {
    const checked = check(value);
    if (checked !== undefined) return [checked];
    if (value !== undefined && !warned) logger.warn('[parley] ignored a damaged or outdated stored record');
    warned ||= value !== undefined;
    return [];
  };
}

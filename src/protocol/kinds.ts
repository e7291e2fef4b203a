// Small zod/mini schemas in place of z.literal, z.enum, z.number and the unions, which would
// add ~1.2 kB gzipped to the chat for the checks of stored records and messages between tabs.
// Unions are picked by their kind, as parse.ts picks a frame's schema by its type.
import * as z from 'zod/mini';

/** One of these values, compared with ===. */
export const oneOf = <const T extends readonly unknown[]>(...values: T) => z.custom<T[number]>((value) => values.includes(value));

/** A finite number (JSON and structured clones carry NaN and Infinity too). */
export const finite = z.custom<number>(Number.isFinite);

type Flat<T> = { [P in keyof T]: T[P] };
type Kinds<K extends string, M extends Record<string, z.ZodMiniType>> = {
  [N in keyof M & string]: Flat<{ [P in K]: N } & z.output<M[N]>>;
}[keyof M & string];

/**
 * A union whose members differ by `value[key]`: the schema of `schemas[value[key]]` (which need
 * not check the key again), with the key put back on what it returns.
 */
export function byKind<K extends string, M extends Record<string, z.ZodMiniType>>(key: K, schemas: M): z.ZodMiniType<Kinds<K, M>> {
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx) => {
      const kind = (value as Record<string, unknown> | null)?.[key];
      const result = typeof kind === 'string' && Object.hasOwn(schemas, kind) ? schemas[kind]!.safeParse(value) : undefined;
      if (result?.success) return { ...(result.data as object), [key]: kind } as Kinds<K, M>;
      const issues = result?.error.issues ?? [{ message: `no ${key} "${String(kind)}"`, path: [key] }];
      for (const { message, path } of issues) ctx.issues.push({ code: 'custom', message, path, input: value });
      return value as Kinds<K, M>;
    }),
  );
}

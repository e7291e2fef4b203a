// Small zod/mini schemas in place of z.literal, z.enum, z.number and the unions, which would
// add ~1.2 kB gzipped to the chat for the checks of stored records and messages between tabs,
// and of z.pipe and z.transform (~0.25 kB more). Unions are picked by their kind, as parse.ts
// picks a frame's schema by its type.
import * as z from 'zod/mini';

/** One of these values, compared with ===. */
export const oneOf = <const T extends readonly unknown[]>(...values: T) => z.custom<T[number]>((value) => values.includes(value));

/** A finite number (JSON and structured clones carry NaN and Infinity too). */
export const finite = z.custom<number>(Number.isFinite);

/** Says what is wrong with a value, at `path` within it. */
export type Complain = (message: string, path?: PropertyKey[]) => void;

const initMiniType: (inst: z.ZodMiniType, def: z.core.$ZodTypeDef) => void = z.ZodMiniType.init;

/** The schema `parsedBy` makes: zod's own way to define a schema (core's $constructor). */
const ParsedBy = z.core.$constructor(
  'ParleyParsedBy',
  (inst: z.ZodMiniType, def: z.core.$ZodTypeDef & { parse: (value: unknown, complain: Complain) => unknown }) => {
    initMiniType(inst, def);
    inst._zod.parse = (payload) => {
      const input = payload.value;
      payload.value = def.parse(input, (message, path = []) => payload.issues.push({ code: 'custom', message, path, input }));
      return payload;
    };
  },
);

/**
 * A schema whose output is what `parse` returns; it fails where `parse` complains (what it
 * returns then is not used). A pipe into a transform, for what this code needs of one.
 */
export const parsedBy = <T>(parse: (value: unknown, complain: Complain) => T) =>
  new ParsedBy({ type: 'custom', parse }) as z.ZodMiniType<T>;

type Flat<T> = { [P in keyof T]: T[P] };
type Kinds<K extends string, M extends Record<string, z.ZodMiniType>> = {
  [N in keyof M & string]: Flat<{ [P in K]: N } & z.output<M[N]>>;
}[keyof M & string];

/**
 * A union whose members differ by `value[key]`: the schema of `schemas[value[key]]` (which need
 * not check the key again), with the key put back on what it returns.
 */
export function byKind<K extends string, M extends Record<string, z.ZodMiniType>>(key: K, schemas: M): z.ZodMiniType<Kinds<K, M>> {
  return parsedBy((value, complain) => {
    const kind = (value as Record<string, unknown> | null)?.[key];
    const result = typeof kind === 'string' && Object.hasOwn(schemas, kind) ? schemas[kind]!.safeParse(value) : undefined;
    if (result?.success) return { ...(result.data as object), [key]: kind } as Kinds<K, M>;
    for (const { message, path } of result?.error.issues ?? [{ message: `no ${key} "${String(kind)}"`, path: [key] }])
      complain(message, path);
    return value as Kinds<K, M>;
  });
}

// How the REST API's parsing speaks: zod's issues in words, naming each broken field by its dotted
// path and what came ("got …"), at most a screenful of them; and the one parse loop, where the
// lenient mode drops the keys the spec does not list, reports them as departures, and parses again.
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Results

/** A parsed body or query, or the first field it breaks (with every broken field in `message`). */
export type Parsed<T> = { ok: true; value: T; departures: string[] } | { ok: false; field: string; message: string };

export interface ParseOptions {
  /** Refuse every departure from the spec (the emulator's `--strict`); default false. */
  strict?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Words for zod's issues

/** A value as an error message shows it after "got": short, and never the whole body. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}…` : JSON.stringify(value);
  return String(value);
}

const EXPECTED_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'an array',
};

/** A check's error that names what it got, or says the field is required when nothing came. */
export function withGot(rule: string): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => (issue.input === undefined ? 'is required' : `${rule} (got ${shown(issue.input)})`) };
}

/** zod's default messages, in words and with the value received; schema-level messages win over these. */
function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  const got = `(got ${shown(issue.input)})`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${EXPECTED_WORDS[issue.expected] ?? issue.expected} ${got}`;
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((v) => JSON.stringify(v)).join(', ')} ${got}`;
    case 'invalid_union': {
      if (!issue.discriminator) return `does not have an accepted form ${got}`;
      // A discriminated union reports the whole object as its input; name the discriminator's value.
      const value = (issue.input as Record<string, unknown> | undefined)?.[issue.discriminator];
      const options = ((issue.options ?? []) as readonly unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return value === undefined ? `is required (one of ${options})` : `must be one of ${options} (got ${shown(value)})`;
    }
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false, got);
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false, got);
    default:
      return undefined;
  }
}

function tooSmall(origin: string, minimum: number, inclusive: boolean, got: string): string {
  if (origin === 'string') return minimum <= 1 ? 'must not be empty' : `must be at least ${minimum} characters`;
  if (origin === 'array') return minimum <= 1 ? 'must not be empty (give at least one item)' : `must have at least ${minimum} items`;
  return `must be ${inclusive ? 'at least' : 'greater than'} ${minimum} ${got}`;
}

function tooBig(origin: string, maximum: number, inclusive: boolean, got: string): string {
  if (origin === 'string') return `must be at most ${maximum} characters`;
  if (origin === 'array') return `must have at most ${maximum} items`;
  return `must be ${inclusive ? 'at most' : 'less than'} ${maximum} ${got}`;
}

/** One broken field. `unknownKey` marks a key the spec does not list (a departure when lenient). */
interface Problem {
  path: PropertyKey[];
  words: string;
  unknownKey?: string;
}

function problemsOf(issue: z.core.$ZodIssue): Problem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...issue.path, key], words: 'is not a field the spec lists', unknownKey: key }));
  }
  return [{ path: issue.path, words: issue.message }];
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : 'body';
}

/**
 * The problems an answer or the log names one by one; the rest are counted. A 1 MB body can hold
 * 100,000 unknown keys: each named would make a megabyte of message and as many log lines.
 */
export const MAX_LISTED_PROBLEMS = 20;

/** A line for each of the first MAX_LISTED_PROBLEMS items, then `and N more …` when there are more. */
function listed(problems: readonly Problem[], line: (problem: Problem) => string, more: string): string[] {
  const lines = problems.slice(0, MAX_LISTED_PROBLEMS).map(line);
  if (problems.length > MAX_LISTED_PROBLEMS) lines.push(`and ${problems.length - MAX_LISTED_PROBLEMS} more ${more}`);
  return lines;
}

function failure(problems: readonly Problem[]): { ok: false; field: string; message: string } {
  const first = problems[0] ?? { path: [], words: 'is not valid' };
  return {
    ok: false,
    field: fieldOf(first.path),
    message: listed(problems, (p) => `${fieldOf(p.path)}: ${p.words}`, 'problems').join('; '),
  };
}

// ---------------------------------------------------------------------------------------------
// The one parse loop: strict schemas; lenient mode drops the unknown keys and parses again.

const MAX_ROUNDS = 5;

export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  options: ParseOptions,
  departures: string[] = [],
): Parsed<z.output<S>> {
  let candidate = input;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = schema.safeParse(candidate, { error: describeIssue });
    if (result.success) return { ok: true, value: result.data, departures };
    const problems = result.error.issues.flatMap(problemsOf);
    const unknown = problems.filter((p) => p.unknownKey !== undefined);
    if (options.strict || unknown.length === 0) return failure(problems);
    candidate = structuredClone(candidate);
    for (const problem of unknown) deleteAt(candidate, problem.path);
    departures.push(
      ...listed(unknown, (p) => `${fieldOf(p.path)}: not a field the spec lists (ignored)`, 'fields the spec does not list (ignored)'),
    );
  }
  return { ok: false, field: 'body', message: 'body: is nested too deeply with fields the spec does not list' };
}

/** Deletes the key at the end of `path` inside a JSON value (paths come from zod, so they exist). */
function deleteAt(root: unknown, path: readonly PropertyKey[]): void {
  let node = root as Record<PropertyKey, unknown> | undefined;
  for (const step of path.slice(0, -1)) node = node?.[step] as Record<PropertyKey, unknown> | undefined;
  const last = path[path.length - 1];
  if (node && typeof node === 'object' && last !== undefined) delete node[last];
}

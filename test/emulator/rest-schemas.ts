// What the REST schemas' unit tests (emulator/spec/rest-schemas-*.test.ts) share: strict mode, a
// text message body to vary, and a parse's outcome taken apart (failing the test if it is the other).
import type { Parsed } from '../../emulator/spec/rest-schemas.ts';

export const strict = { strict: true };
export const originator = { name: 'Ann', role: 'external' };

export function text(fields: Record<string, unknown> = {}) {
  return { payload: { type: 'text', originator, speech: 'Hello', ...fields } };
}

/** The value of an accepted parse (fails the test otherwise). */
export function accepted<T>(result: Parsed<T>): { value: T; departures: string[] } {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return { value: result.value, departures: result.departures };
}

/** The field and message of a refused parse (fails the test otherwise). */
export function refused<T>(result: Parsed<T>): { field: string; message: string } {
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.value)}`);
  return { field: result.field, message: result.message };
}

// "Strict refuses, lenient logs": a departure from the spec is refused with `--strict` (tests
// that want the spec's letter) and, by default, let through and written to the log, where the
// console and the control API show it (real clients depart from the spec in small ways).
import type { EmulatorLog } from './log.ts';

export interface Strictness {
  options: { strict: boolean };
  log: Pick<EmulatorLog, 'departure'>;
}

/**
 * True when strict mode refuses this departure (the caller answers with `problem`); otherwise it
 * is logged under `where` (and `subject`, a thread or session) and false: carry on.
 */
export function refuses({ options, log }: Strictness, where: string, problem: string, subject?: string): boolean {
  if (options.strict) return true;
  log.departure(where, problem, subject);
  return false;
}

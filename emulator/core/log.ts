// The emulator's output: what it does (unless quiet) and, always, each departure from the spec
// that it let through for a real client. Departures are also kept for the console and tests.
import { escapeControls } from '../safety/terminal.ts';

import { BoundedList } from '../safety/bounded.ts';
import { BOUNDS } from '../safety/retention.ts';

/** A departure from the spec let through. @public: the control API's state (ControlState) names it. */
export interface Departure {
  at: number;
  /** Where it happened: `address`, `socket`, `rest`… */
  where: string;
  what: string;
  /** The sessionId, threadId or route it concerns, when known. */
  subject?: string;
}

export interface EmulatorLog {
  info(...args: unknown[]): void;
  /** Records a departure from the spec the emulator served anyway (non-strict mode). */
  departure(where: string, what: string, subject?: string): void;
  departures(): Departure[];
  clear(): void;
}

/** `onDrop`: the departures kept reached their bound (retention.ts) and the oldest went. */
export function createLog(options: {
  quiet: boolean;
  now: () => number;
  print?: (line: string) => void;
  onDrop?: () => void;
}): EmulatorLog {
  const out = options.print ?? ((line: string) => console.log(line));
  // The one way out to the terminal, so no caller can forget: lines carry what pages sent.
  const print = (line: string) => out(escapeControls(line));
  const kept = new BoundedList<Departure>(BOUNDS.departures, undefined, () => options.onDrop?.());
  return {
    info(...args) {
      if (!options.quiet) print(['[parley-emulator]', ...args.map(String)].join(' '));
    },
    departure(where, what, subject) {
      kept.push({ at: options.now(), where, what, ...(subject !== undefined ? { subject } : {}) });
      if (!options.quiet)
        print(`[parley-emulator] departure from the spec (${where}${subject ? ` ${subject}` : ''}): ${what} (served; --strict refuses it)`);
    },
    departures: () => kept.toArray(),
    clear() {
      kept.clear();
    },
  };
}

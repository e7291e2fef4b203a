// What tests read back: the frames received (as text, parsed when read) and the refused upgrades,
// each list bounded (retention.ts).
import { BoundedList } from '../safety/bounded.ts';
import { BOUNDS, type BoundName, type KeptSizes } from '../safety/retention.ts';

export interface ReceivedEntry {
  at: number;
  sessionId: string;
  threadId?: string;
  raw: string;
  /** The parsed JSON, when it parses (made when the log is read: the log keeps the text only). */
  frame?: unknown;
  /** The error the emulator answered with, if any. */
  error?: string;
  /** Arrived while the socket was blackholed: never processed. */
  blackholed?: boolean;
}

export interface UpgradeRefusal {
  at: number;
  token?: string;
  reason: string;
}

export interface FrameLog {
  /** Keeps a received frame; its entry may still be completed (error, threadId) afterwards. */
  noteReceived(entry: ReceivedEntry): void;
  noteRefusal(refusal: UpgradeRefusal): void;
  /** The frames received, oldest first, each with its parsed JSON (blackholed ones without). */
  readonly received: ReceivedEntry[];
  readonly upgradeRefusals: UpgradeRefusal[];
  kept(): KeptSizes;
  clear(): void;
}

export function createFrameLog(onDrop?: (name: BoundName) => void): FrameLog {
  const dropped = (name: BoundName) => () => onDrop?.(name);
  const upgradeRefusals = new BoundedList<UpgradeRefusal>(BOUNDS.upgradeRefusals, undefined, dropped('upgradeRefusals'));
  const received = new BoundedList<ReceivedEntry>(BOUNDS.frames, undefined, dropped('frames'));
  return {
    noteReceived: (entry) => received.push(entry),
    noteRefusal: (refusal) => upgradeRefusals.push(refusal),
    get received() {
      return received.toArray().map((entry) => {
        const frame = entry.blackholed ? undefined : parsedOrUndefined(entry.raw);
        return frame === undefined ? entry : { ...entry, frame };
      });
    },
    get upgradeRefusals() {
      return upgradeRefusals.toArray();
    },
    kept: () => ({ frames: received.kept(), upgradeRefusals: upgradeRefusals.kept() }),
    clear() {
      upgradeRefusals.clear();
      received.clear();
    },
  };
}

export function parsedOrUndefined(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined; // the frame parser reports it
  }
}

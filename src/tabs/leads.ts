// What a tab knows of the leads (the tabs that held the socket, each under an epoch): which one
// it follows, the highest epoch heard of (a new lead goes above it), when it last heard the
// holder, and when it last asked for the whole state.
import type { Clock } from '../browser/clock.ts';

/** The holder says it is alive this often; a visible tab that hears nothing for SILENCE_MS takes over. */
export const BEAT_MS = 1_000;
export const SILENCE_MS = 3_000;

interface Holder {
  from: string;
  epoch: number;
}

export interface Leads {
  /** The lead this tab follows (its own while it leads). */
  readonly holder: Holder | undefined;
  follow(next: Holder): void;
  /** This tab leads now: under an epoch above every one heard of, even if the clock went back. */
  lead(tabId: string): number;
  /** The store says another tab led under `epoch`: the next lead goes above it. */
  supersededBy(epoch: number): void;
  /**
   * A message from a holder under `epoch`: 'former' from a lead before the one followed (not
   * heard), 'newer' from a lead after it, 'current' otherwise.
   */
  hear(epoch: number): 'former' | 'current' | 'newer';
  /** Nothing heard for longer than SILENCE_MS (starts the silence again when it says so). */
  silent(): boolean;
  /**
   * Asks the holder for the whole state: this tab missed ops (a frozen or paused page may not
   * get messages sent meanwhile). At most once a beat.
   */
  resync(): void;
}

export function trackLeads(clock: Clock, askForState: () => void): Leads {
  let holder: Holder | undefined;
  let highestEpoch = 0;
  let lastHeard = clock.now();
  let askedAt = Number.NEGATIVE_INFINITY;
  return {
    get holder() {
      return holder;
    },
    follow(next) {
      holder = next;
    },
    lead(tabId) {
      const epoch = (highestEpoch = Math.max(clock.now(), highestEpoch + 1));
      holder = { from: tabId, epoch };
      return epoch;
    },
    supersededBy(epoch) {
      highestEpoch = Math.max(highestEpoch, epoch);
    },
    hear(epoch) {
      if (holder && epoch < holder.epoch) return 'former';
      highestEpoch = Math.max(highestEpoch, epoch);
      lastHeard = clock.now();
      return holder && epoch > holder.epoch ? 'newer' : 'current';
    },
    silent() {
      if (clock.now() - lastHeard <= SILENCE_MS) return false;
      lastHeard = clock.now();
      return true;
    },
    resync() {
      const now = clock.now();
      if (now - askedAt < BEAT_MS) return;
      askedAt = now;
      askForState();
    },
  };
}

// How a tab joins the others of its conversation: the channel opened and a hello said, the
// election entered, the beat kept (the holder beats; a follower that stops hearing it while the
// visitor looks takes over). Where sharing is impossible, or the browser refuses it, the tab
// works alone.
import { refuse } from '../browser/features.ts';
import { openTabChannel, type Envelope, type TabChannel, type TabMessage } from './channel.ts';
import type { CoordinatorOptions } from './coordinator-options.ts';
import { electLeader, type Election } from './election.ts';
import { BEAT_MS, type Leads } from './leads.ts';

export interface Joining {
  /** To the other tabs; nothing while alone. */
  post(message: TabMessage): void;
  /** A channel to the other tabs is open. */
  shared(): boolean;
  join(): void;
  /** Ends the lead (the next tab in line takes over), the beat and the channel. */
  leave(): void;
}

/**
 * `lead` starts this tab's lead (and returns its end); `beat` says the holder's beat, if this tab
 * holds the socket (false otherwise); `alone` makes this tab lead by itself.
 */
export function joining(
  options: CoordinatorOptions,
  leads: Leads,
  onMessage: (message: Envelope) => void,
  lead: () => () => void,
  beat: () => boolean,
  alone: () => void,
): Joining {
  const { support } = options;
  let channel: TabChannel | undefined;
  let election: Election | undefined;
  let beatTimer: unknown;

  const post = (message: TabMessage) => channel?.post(message);

  function tick(): void {
    beatTimer = options.clock.setTimeout(() => {
      if (!beat() && options.isVisible() && leads.silent()) election?.takeOver();
      tick();
    }, BEAT_MS);
  }

  function stopBeating(): void {
    if (beatTimer !== undefined) options.clock.clearTimeout(beatTimer);
    beatTimer = undefined;
  }

  /** No sharing between tabs (none possible, or the browser refused it): this tab leads alone. */
  function goAlone(): void {
    stopBeating();
    channel?.close();
    channel = undefined;
    election = undefined;
    alone();
  }

  return {
    post,
    shared: () => channel !== undefined,
    join() {
      if (!support) return goAlone();
      try {
        channel = openTabChannel(options.name, support.Channel, options.tabId, onMessage, options.logger);
      } catch {
        refuse('BroadcastChannel');
        return goAlone();
      }
      channel.post({ type: 'hello' });
      election = electLeader({
        name: options.name,
        locks: support.locks,
        lifecycle: support.lifecycle,
        lead,
        onLifecycle(change) {
          // Back from the back/forward cache or a freeze: whatever changed meanwhile comes with the state.
          if (change === 'return') post({ type: 'hello' });
        },
        onRefused: goAlone,
      });
      tick();
    },
    leave() {
      stopBeating();
      election?.stop(); // ends the lead: the next tab in line takes over
      channel?.close();
      channel = undefined;
    },
  };
}

// forget() across the tabs: the holder's engine closes the socket and empties the store, then
// every tab deletes what it keeps itself (sessionStorage is each tab's own, as are its typed
// messages). A tab that does not hold the socket asks the holder, and is done when told.
import type { Engine } from '../engine/engine.ts';
import type { TabMessage } from './channel.ts';
import type { TypedRequests } from './requests.ts';

export interface Forgetting {
  /** In the holding tab: the engine first, then every tab. */
  everywhere(engine: Engine): Promise<void>;
  /** This tab's own part (told by the holder, or after its own engine). */
  here(): Promise<void>;
  /** forget() asked in this tab: carried out here if it holds the socket, else asked of the holder. */
  fromHere(engine: Engine | undefined, ask: () => void): Promise<void>;
}

export function forgetting(deps: {
  forgetHere: () => Promise<void>;
  typed: Pick<TypedRequests, 'clear'>;
  post: (message: TabMessage) => void;
  /** No connection is wanted any longer: the next message asks for one. */
  unwant: () => void;
}): Forgetting {
  const waiting = new Set<() => void>();
  async function here(): Promise<void> {
    deps.unwant();
    deps.typed.clear();
    await deps.forgetHere();
    for (const done of waiting) done();
    waiting.clear();
  }
  return {
    here,
    async everywhere(engine) {
      await engine.forget();
      deps.post({ type: 'forgotten' });
      await here();
    },
    fromHere(engine, ask) {
      if (engine) return this.everywhere(engine);
      const done = new Promise<void>((resolve) => waiting.add(resolve));
      ask();
      return done;
    },
  };
}

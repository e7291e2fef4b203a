// The headless client's events: listeners by type; a listener that throws is logged and the
// others still hear the event.
import type { Logger } from '../protocol/parse.ts';

type Listener<T> = (detail: T) => void;

export function createEmitter<Events extends object>(logger: Logger) {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    emit<K extends keyof Events>(type: K, detail: Events[K]): void {
      for (const listener of listeners.get(type) ?? []) {
        try {
          (listener as Listener<Events[K]>)(detail);
        } catch (error) {
          logger.error(`[parley] a "${String(type)}" listener threw:`, error);
        }
      }
    },
    /** Adds a listener; returns what removes it. */
    on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => set.delete(listener as Listener<never>);
    },
    clear(): void {
      listeners.clear();
    },
  };
}

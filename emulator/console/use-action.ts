// Runs an action of the agent (a REST call): busy while it runs, its error kept to show in a
// role="alert". An action never throws into the UI.
import { useCallback, useRef, useState } from 'preact/hooks';
import { messageOf } from './store.ts';

export interface ActionState {
  busy: boolean;
  error: string | undefined;
  /** Runs `action`; resolves true when it succeeded. */
  run(action: () => Promise<unknown>): Promise<boolean>;
  clearError(): void;
}

export function useAction(): ActionState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(messageOf(failure));
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  const clearError = useCallback(() => setError(undefined), []);
  return { busy, error, run, clearError };
}

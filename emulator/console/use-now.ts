// The current time, refreshed every `everyMs` (a second) while `active`; the timer stops with the component.
import { useEffect, useState } from 'preact/hooks';

export function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

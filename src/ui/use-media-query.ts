import { useEffect, useState } from 'preact/hooks';

/** Whether a media query matches now; follows changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  const list: MediaQueryList | undefined = globalThis.matchMedia?.(query);
  const [matches, setMatches] = useState(list?.matches ?? false);
  useEffect(() => {
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

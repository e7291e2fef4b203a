// The widget's UI: the launcher while closed, the panel while open. Rendered by <parley-chat>
// into its shadow root; styles come from styles.ts, adopted by the element.
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { Launcher } from './Launcher.tsx';
import { Panel } from './Panel.tsx';
import type { WidgetView } from './view.ts';

/** True right after a click or key press (so an open restored at page load steals no focus). */
function userIsActive(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { isActive: boolean } } | undefined)?.userActivation;
  return activation ? activation.isActive : true;
}

export function ChatApp({ view }: { view: WidgetView }) {
  const open = view.open.value;
  const strings = view.strings.value;
  const client = view.client;
  const unread = client.unread.value;
  const launcher = useRef<HTMLButtonElement>(null);
  const refocusLauncher = useRef(false);
  // An open panel at mount was restored or configured, not asked for: it takes no focus.
  const closedOnce = useRef(!open);
  if (!open) closedOnce.current = true;

  // Messages on screen in a visible tab are read, in every tab.
  useEffect(() => {
    if (!open) return;
    const read = () => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') client.markRead();
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [open, unread]);

  useLayoutEffect(() => {
    if (!open && refocusLauncher.current) launcher.current?.focus();
    refocusLauncher.current = false;
  }, [open]);

  const ui = open ? (
    <Panel
      client={view.client}
      strings={strings}
      heading={view.heading.value}
      autoFocus={closedOnce.current && userIsActive()}
      onClose={() => view.setOpen(false)}
      onCloseWithFocus={() => (refocusLauncher.current = true)}
    />
  ) : (
    <Launcher strings={strings} unread={unread} buttonRef={launcher} onOpen={() => view.setOpen(true)} />
  );
  // A wrapper that takes no box: it carries the direction and language to both surfaces.
  return (
    <div class="root" dir={view.direction.value} lang={view.language.value}>
      {ui}
    </div>
  );
}

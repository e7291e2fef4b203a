// The chat's UI: the panel while open (always, in the inline layout). The launcher is the loader's (loader/launcher.ts), drawn
// before this file loads. Rendered by <parley-chat> into its shadow root; styles come from
// styles.ts, adopted by the element.
// (The UI's .tsx files ask for Preact's h() in their first line rather than the automatic
// jsx-runtime: the bundle is a few hundred bytes smaller that way.)
import { h } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { Panel } from './Panel.tsx';
import { useSignalValue } from './use-signal.ts';
import type { WidgetView } from './view.ts';

/** True right after a click or key press (so an open restored at page load steals no focus). */
function userIsActive(): boolean {
  const activation = (globalThis.navigator as { userActivation?: { isActive: boolean } } | undefined)?.userActivation;
  return activation ? activation.isActive : true;
}

export function ChatApp({ view }: { view: WidgetView }) {
  // The inline layout's panel is always there, as a region of the page: "open" for all that reads.
  const inline = useSignalValue(view.inline);
  const open = useSignalValue(view.open) || inline;
  const strings = useSignalValue(view.strings);
  const client = view.client;
  const unread = useSignalValue(client.unread);
  const heading = useSignalValue(view.heading);
  const drawing = useSignalValue(view.drawing);
  const refocusLauncher = useRef(false);
  // An open panel at mount was restored or configured, not asked for: it takes no focus.
  const closedOnce = useRef(!open || Boolean(view.askedOpen));
  if (!open) closedOnce.current = true;

  // Messages on screen in a visible tab are read, in every tab.
  useEffect(() => {
    if (!open) return;
    const read = () => {
      if (globalThis.document?.visibilityState !== 'hidden') client.markRead();
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [open, unread]);

  useLayoutEffect(() => {
    if (!open && refocusLauncher.current) view.focusLauncher();
    refocusLauncher.current = false;
  }, [open]);

  return open ? (
    <Panel
      client={view.client}
      draft={view.draft}
      strings={strings}
      heading={heading}
      autoFocus={closedOnce.current && userIsActive() && !inline}
      restored={!closedOnce.current || inline}
      inline={inline}
      onClose={() => view.setOpen(false)}
      onCloseWithFocus={() => (refocusLauncher.current = true)}
      drawing={drawing}
    />
  ) : null;
}

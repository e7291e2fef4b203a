/** @jsxRuntime classic */ /** @jsx h */ /** @jsxFrag Fragment */
// The closed state: one round button. Its name stays exactly "Open chat"; the unread count
// is its description, so screen readers hear both.
import { Fragment, h, type Ref } from 'preact';
import { ChatIcon } from './icons.tsx';
import { format, type Strings } from './strings.ts';

export function Launcher(props: { strings: Strings; unread: number; onOpen: () => void; buttonRef: Ref<HTMLButtonElement> }) {
  const { strings, unread } = props;
  // Ids are the shadow root's own: one widget per root, so a fixed id cannot collide.
  const words = unread > 0 ? format(strings.unread, { count: unread }) : '';
  return (
    <>
      <button
        type="button"
        ref={props.buttonRef}
        class="launcher"
        part="launcher"
        aria-label={strings.openChat}
        aria-describedby={unread > 0 ? 'parley-unread' : undefined}
        onClick={props.onOpen}
      >
        <ChatIcon />
        {unread > 0 && (
          <>
            <span class="badge" part="badge" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
            <span id="parley-unread" class="visually-hidden">
              {words}
            </span>
          </>
        )}
      </button>
      {/* Messages that arrive while the panel is closed are announced here, once each. */}
      <span class="visually-hidden" role="status">
        {words}
      </span>
    </>
  );
}

// The panel's title bar: title, connection status in the visitor's words, "Retry now", the
// menu ("More options") and close.
import { h } from 'preact';
import type { ConnectionStatus } from '../connection/status.ts';
import { CloseIcon } from './icons.tsx';
import { OptionsMenu } from './OptionsMenu.tsx';
import type { MenuItem, MenuPart } from './menu-slot.ts';
import { statusText } from './status-text.ts';
import type { PanelStrings } from '../i18n/strings.ts';
import { useNow } from './use-now.ts';

export function Header(props: {
  status: ConnectionStatus;
  strings: PanelStrings;
  heading: string;
  titleId: string;
  /** Absent in the inline layout: the chat is part of the page, there is nothing to close. */
  onClose?: () => void;
  onRetryNow: () => void;
  /** The menu's items, made with its code once that is here. */
  menu: (part: MenuPart) => MenuItem[];
}) {
  const { status, strings } = props;
  const waiting = status.state === 'reconnecting' && status.retryAt !== undefined;
  const now = useNow(waiting);
  const words = statusText(status, strings, now);
  return (
    <header class="header" part="header">
      <div class="header-text">
        <h2 id={props.titleId} class="title" part="title">
          {props.heading}
        </h2>
        <p class="status" part="status" data-state={status.state} aria-hidden="true">
          <span class="status-dot" aria-hidden="true" />
          <span class="status-words">{words}</span>
        </p>
        {/* Changes of state are announced, in words without the countdown (not every second). */}
        <span class="visually-hidden" role="status">
          {status.state === 'reconnecting' ? strings.statusReconnecting : words}
        </span>
        {/* What happens to their messages, in the visitor's words: the technical reason is for the
            console and parley:error. */}
        {(status.state === 'reconnecting' || status.state === 'offline') && (
          <p class="status-detail" part="status-detail">
            {strings.messagesKept}
          </p>
        )}
        {/* Under the status, not beside it: the status keeps the header's width in every language. */}
        {waiting && (
          <button type="button" class="header-button" part="retry-now" onClick={props.onRetryNow}>
            {strings.retryNow}
          </button>
        )}
      </div>
      <OptionsMenu label={strings.moreOptions} items={props.menu} />
      {props.onClose && (
        <button type="button" class="icon-button close" part="close" aria-label={strings.closeChat} onClick={props.onClose}>
          <CloseIcon />
        </button>
      )}
    </header>
  );
}

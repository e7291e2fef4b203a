// The open chat: a dialog labelled by its title. Escape closes it. Beside the page it is not
// modal; on a phone it covers the page, so there it is modal and Tab stays inside it. In the
// inline layout it is a region of the page, labelled by its title: nothing to close or trap.
import { h } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Signal } from '@preact/signals-core';
import type { ChatClient } from '../client/create-chat-client.ts';
import type { QuickReply } from '../protocol/frames.ts';
import { Composer } from './Composer.tsx';
import { ErrorState } from './ErrorState.tsx';
import { Header } from './Header.tsx';
import { Notice } from './Notice.tsx';
import { QuickReplies } from './QuickReplies.tsx';
import type { PanelStrings } from '../i18n/strings.ts';
import type { Drawing } from './view.ts';
import { Transcript } from './Transcript.tsx';
import { TypingIndicator, typistName } from './TypingIndicator.tsx';
import { useMediaQuery } from './use-media-query.ts';
import { useSignalValue } from './use-signal.ts';
import { usePrivacyMenu } from './privacy-menu.tsx';

/** The same condition as the full-screen layout in widget.css. */
const FULL_SCREEN_QUERY = '(max-width: 480px), (max-height: 480px)';
const FOCUSABLE = 'button:not([disabled]), a[href], textarea, [tabindex="0"]';

export function Panel(props: {
  client: ChatClient;
  /** A text the page put in the composer (open({ draft })), taken once. */
  draft: Signal<string | undefined>;
  strings: PanelStrings;
  heading: string;
  /** Move focus into the panel when it appears (it was opened by the visitor). */
  autoFocus: boolean;
  /** Open at page load (restored, or configured open): shown at once, without the opening animation. */
  restored: boolean;
  onClose: () => void;
  /** The inline layout: a region in the page's flow, never closed. */
  inline?: boolean;
  /** How bot and agent responses are drawn: Markdown, the site's renderers (view.ts). */
  drawing?: Drawing | undefined;
  /** Called while the panel goes away with focus inside it, so focus can go back to the launcher. */
  onCloseWithFocus: () => void;
}) {
  const { client, strings } = props;
  // A fixed id: the shadow root holds one widget.
  const titleId = 'parley-title';
  const panel = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const status = useSignalValue(client.status);
  const entries = useSignalValue(client.entries);
  const typing = useSignalValue(client.typing);
  const offered = useSignalValue(client.quickReplies);
  // Nothing can be sent while the chat cannot connect at all.
  const quickReplies = status.state === 'error' ? [] : offered;
  const serviceError = useSignalValue(client.serviceError);
  const loaded = useSignalValue(client.loaded);
  const hasOlder = useSignalValue(client.hasOlder);

  useEffect(() => {
    if (!props.autoFocus) return;
    const target = textarea.current ?? panel.current?.querySelector<HTMLElement>('.close');
    target?.focus();
  }, []);

  // Hook cleanups run before the panel's DOM is removed, so focus can still be seen here. Focus
  // nowhere (the body) counts as inside: Safari takes it off the composer to nowhere when the
  // close button, which it does not focus, is clicked.
  const onCloseWithFocus = useRef(props.onCloseWithFocus);
  onCloseWithFocus.current = props.onCloseWithFocus;
  useLayoutEffect(() => {
    const el = panel.current;
    return () => {
      const root = el?.getRootNode() as Document | ShadowRoot | undefined;
      const active = root?.activeElement;
      if ((el && active && el.contains(active)) || document.activeElement === document.body) onCloseWithFocus.current();
    };
  }, []);

  const fullScreen = useMediaQuery(FULL_SCREEN_QUERY) && !props.inline;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.isComposing && !props.inline) {
      event.preventDefault();
      props.onClose();
    } else if (event.key === 'Tab' && fullScreen && panel.current) {
      // Full screen hides the page: wrap from the last control to the first and back.
      const controls = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const active = (panel.current.getRootNode() as ShadowRoot | Document).activeElement;
      const edge = event.shiftKey ? controls[0] : controls.at(-1);
      if (edge && active === edge) {
        event.preventDefault();
        (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
      }
    }
  };

  // Quick replies, "Retry", "Retry now" and "Dismiss" vanish once used: focus goes on to the
  // composer instead of falling out of the panel (where Escape would no longer work). A rich
  // response's postback and event buttons stay, but the visitor's next move is to read and write.
  const thenFocusComposer = (action: () => unknown) => () => {
    action();
    (textarea.current ?? panel.current?.querySelector<HTMLElement>('.close'))?.focus();
  };
  const pick = (reply: QuickReply) => thenFocusComposer(() => client.sendQuickReply(reply).catch(() => undefined))();
  const privacy = usePrivacyMenu(client, strings, props.heading, panel, thenFocusComposer);

  return (
    <div
      ref={panel}
      class={props.restored ? 'panel restored' : 'panel'}
      part="panel"
      role={props.inline ? 'region' : 'dialog'}
      aria-modal={fullScreen ? 'true' : undefined}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <Header
        status={status}
        strings={strings}
        heading={props.heading}
        titleId={titleId}
        onClose={props.inline ? undefined : props.onClose}
        onRetryNow={thenFocusComposer(() => client.retryNow())}
        menu={privacy.menu}
      />
      {privacy.confirmation}
      {serviceError && <Notice message={serviceError} strings={strings} onDismiss={thenFocusComposer(() => client.dismissError())} />}
      <Transcript
        entries={entries}
        loaded={loaded}
        hasOlder={hasOlder}
        onOlder={() => client.loadOlder()}
        strings={strings}
        drawing={props.drawing}
        onRetry={(traceId) => thenFocusComposer(() => client.retry(traceId))()}
        onDiscard={(traceId) => thenFocusComposer(() => client.discard(traceId))()}
        onAction={(label, action) => thenFocusComposer(() => client.sendAction(label, action).catch(() => undefined))()}
        extra={`${typing}:${quickReplies.length}`}
        readSeq={client.readSeq.peek()}
      >
        <QuickReplies replies={quickReplies} strings={strings} onPick={pick} />
        <TypingIndicator typing={typing} name={typistName(entries, strings)} strings={strings} />
      </Transcript>
      {status.state === 'error' ? (
        <ErrorState message={status.error.message} strings={strings} />
      ) : (
        <Composer strings={strings} inputRef={textarea} draft={client.draft} put={props.draft} onSend={(text) => client.send(text)} />
      )}
    </div>
  );
}

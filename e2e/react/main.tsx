/** @jsxRuntime automatic */ /** @jsxImportSource react */
// An app that installed 'parley-chat' from npm, in React 19 under <StrictMode> (built with React's
// development build, where StrictMode runs every effect and ref twice on mount). It listens to
// the element's events with React 19's own custom-element event props (`onparley:message`, …)
// and keeps what they say in React state. e2e/react.spec.ts checks that state, and that nothing
// is left behind. Two ways to show a chat:
// - the toggle renders <parley-chat id="chat"> conditionally: every toggle creates or removes one;
// - the dock keeps one <parley-chat id="kept-chat"> for the app's lifetime, rendered through a
//   portal into a detached node that <Dock> puts into the page and takes out again (the "reverse
//   portal" pattern of react-reverse-portal, for a chat that outlives a layout or a route). The
//   same element then leaves and enters the document many times, sometimes before its mount task
//   has run: it must mount each time it comes back.
import { StrictMode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { defineParleyChat, type ParleyChatElement, type ParleyChatEventMap, type ReceivedPayload } from 'parley-chat';
import type {} from 'parley-chat/react';
import type { ReactAppControl } from './control.ts';
import { renderers } from './slot-picker.tsx';

defineParleyChat(); // before the first render, so React sets isOpen and strings as properties

let mounts = 0;
let refAttachments = 0;
let docks = 0;
const seen = new WeakSet<Element>();
// Stable, so React attaches it once per element (twice under StrictMode), not on every render.
function countMount(element: ParleyChatElement | null): void {
  if (!element) return;
  refAttachments++;
  if (!seen.has(element)) mounts++;
  seen.add(element);
}
let kept: ParleyChatElement | null = null;
function keep(element: ParleyChatElement | null): void {
  kept = element ?? kept;
}

/** The text of a received message: its text responses, else its fallback. */
function textOf({ messages }: ReceivedPayload): string {
  return messages
    .map((message) => {
      const texts = (message.responses ?? []).flatMap((response) => {
        const payload = response.payload as { text?: unknown } | undefined;
        return response.type === 'text' && typeof payload?.text === 'string' ? [payload.text] : [];
      });
      return texts.length > 0 ? texts.join(' ') : (message.fallback ?? '');
    })
    .join('\n');
}

/** Puts `node` into the page while mounted. */
function Dock({ node }: { node: HTMLElement }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current!.append(node);
    return () => node.remove();
  }, [node]);
  return <div ref={host} className="dock" />;
}

let setMountedState: (mounted: boolean) => void = () => {};
let setDockedState: (docked: boolean) => void = () => {};
let rendered: () => void = () => {};

function App() {
  const [mounted, setMounted] = useState(false);
  const [docked, setDocked] = useState(false);
  const [parking] = useState(() => document.createElement('div'));
  const [connection, setConnection] = useState('none');
  const [panel, setPanel] = useState('closed');
  const [received, setReceived] = useState(0);
  const [lastMessage, setLastMessage] = useState('');
  const [lastError, setLastError] = useState('');
  setMountedState = setMounted;
  setDockedState = setDocked;
  useEffect(() => {
    rendered();
  }, [mounted, docked]);

  const onMessage = (event: ParleyChatEventMap['parley:message']) => {
    setReceived((count) => count + 1);
    setLastMessage(textOf(event.detail));
  };
  return (
    <main>
      <h1>A React app with a chat</h1>
      <button type="button" id="toggle" onClick={() => setMounted(!mounted)}>
        {mounted ? 'Remove chat' : 'Add chat'}
      </button>
      <button type="button" id="dock" onClick={() => setDocked(!docked)}>
        {docked ? 'Undock the kept chat' : 'Dock the kept chat'}
      </button>
      <dl>
        <dt>Connection</dt>
        <dd id="connection">{connection}</dd>
        <dt>Panel</dt>
        <dd id="panel">{panel}</dd>
        <dt>Messages received</dt>
        <dd id="received">{received}</dd>
        <dt>Last message</dt>
        <dd id="last-message">{lastMessage}</dd>
        <dt>Last error</dt>
        <dd id="last-error">{lastError}</dd>
      </dl>
      {mounted && (
        <parley-chat
          id="chat"
          ref={countMount}
          client-id="e2e"
          base-url="/parley-emulator"
          renderers={renderers}
          onparley:connection={(event) => setConnection(event.detail.state)}
          onparley:open={() => setPanel('open')}
          onparley:close={() => setPanel('closed')}
          onparley:message={onMessage}
          onparley:error={(event) => setLastError(event.detail.message)}
        />
      )}
      {createPortal(
        <parley-chat
          id="kept-chat"
          ref={keep}
          client-id="e2e"
          base-url="/parley-emulator"
          onparley:connection={(event) => setConnection(event.detail.state)}
          onparley:message={onMessage}
          onparley:error={(event) => setLastError(event.detail.message)}
        />,
        parking,
      )}
      {docked && <Dock node={parking} />}
    </main>
  );
}

const setAndWait = (set: () => void) =>
  new Promise<void>((resolve) => {
    rendered = resolve;
    set();
  });
const setMountedAndWait = async (mounted: boolean) => {
  if (Boolean(document.getElementById('chat')) !== mounted) await setAndWait(() => setMountedState(mounted));
};
const setDockedAndWait = async (docked: boolean) => {
  if (Boolean(kept?.isConnected) !== docked) await setAndWait(() => setDockedState(docked));
};

/** Resolves when the element's connection is open; rejects after 5 s. */
const connected = (element: ParleyChatElement) =>
  new Promise<void>((resolve, reject) => {
    if (element.connection === 'open') return resolve();
    const stop = () => {
      clearTimeout(timer);
      element.removeEventListener('parley:connection', check);
    };
    const check = () => {
      if (element.connection !== 'open') return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`#${element.id} did not connect (connection: ${element.connection}): it was not mounted`));
    }, 5_000);
    element.addEventListener('parley:connection', check);
  });

window.reactApp = {
  setMounted: setMountedAndWait,
  async cycle(times, { open = false } = {}) {
    for (let i = 0; i < times; i++) {
      await setMountedAndWait(true);
      if (open) (document.getElementById('chat') as ParleyChatElement).open();
      await setMountedAndWait(false);
    }
  },
  async dockCycle(times) {
    for (let i = 0; i < times; i++) {
      // In and out within one task: out of the page when its mount task runs.
      flushSync(() => setDockedState(true));
      flushSync(() => setDockedState(false));
      await new Promise((resolve) => setTimeout(resolve, 10));
      await setDockedAndWait(true);
      docks++;
      kept!.open();
      await connected(kept!);
      await setDockedAndWait(false);
    }
  },
  get mounts() {
    return mounts;
  },
  get refAttachments() {
    return refAttachments;
  },
  get docks() {
    return docks;
  },
} satisfies ReactAppControl;

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// An app that installed 'parley-chat' from npm: Preact renders <parley-chat> conditionally, so
// every toggle creates or removes the element. e2e/spa.spec.ts checks nothing is left behind.
import { h, render, type HTMLAttributes } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { defineParleyChat, type ParleyChatElement } from 'parley-chat';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'parley-chat': HTMLAttributes<ParleyChatElement> & { 'client-id'?: string; 'base-url'?: string };
    }
  }
}

/** What the test drives besides the toggle button. */
export interface SpaControl {
  /** Mounts (true) or unmounts (false) the element; resolves once Preact has rendered. */
  setMounted(mounted: boolean): Promise<void>;
  /** Mounts and unmounts `times` times as fast as Preact renders; `open` opens the panel each time. */
  cycle(times: number, options?: { open?: boolean }): Promise<void>;
  /** How many times an element was mounted so far. */
  readonly mounts: number;
}
declare global {
  interface Window {
    spa: SpaControl;
  }
}

defineParleyChat();

let mounts = 0;
let setMountedState: (mounted: boolean) => void = () => {};
let rendered: () => void = () => {};

function App() {
  const [mounted, setMounted] = useState(false);
  setMountedState = setMounted;
  useEffect(() => {
    if (mounted) mounts++;
    rendered();
  }, [mounted]);
  return (
    <main>
      <h1>An app with a chat</h1>
      <button type="button" id="toggle" onClick={() => setMounted(!mounted)}>
        {mounted ? 'Remove chat' : 'Add chat'}
      </button>
      {mounted && <parley-chat client-id="e2e" base-url="/parley-emulator" />}
    </main>
  );
}

const setMountedAndWait = (mounted: boolean) =>
  new Promise<void>((resolve) => {
    if (Boolean(document.querySelector('parley-chat')) === mounted) return resolve();
    rendered = resolve;
    setMountedState(mounted);
  });

window.spa = {
  setMounted: setMountedAndWait,
  async cycle(times, { open = false } = {}) {
    for (let i = 0; i < times; i++) {
      await setMountedAndWait(true);
      if (open) document.querySelector('parley-chat')!.open();
      await setMountedAndWait(false);
    }
  },
  get mounts() {
    return mounts;
  },
};

render(<App />, document.getElementById('app')!);

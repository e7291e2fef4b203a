// What runs inside the page, before any of its scripts (page.addInitScript): observers that the
// bench reads back after the run. It is serialised into the page, so it must be self-contained.

export interface ProbeState {
  /** performance.now() of every long task (the browser's own PerformanceObserver). */
  longTasks: Array<{ start: number; duration: number }>;
  /** Names passed to indexedDB.open / deleteDatabase. */
  idbOpens: string[];
  /** URLs passed to new WebSocket(). */
  sockets: string[];
  /** localStorage / sessionStorage writes (informational: docs/site-owners.md promises none before the chat first opens). */
  storageWrites: string[];
  /** When <parley-chat> appeared in the document (the embed appends it while it evaluates). */
  elementAt: number | null;
  /** The rAF in which the launcher first had a non-zero box: this frame paints it. */
  launcherLaidOutAt: number | null;
}

declare global {
  interface Window {
    __parleyBench: ProbeState;
    /** Resolves when the launcher is laid out: one evaluate() waits for it, without polling. */
    __parleyBenchLauncher: Promise<void>;
  }
}

export function installProbe(): void {
  const state: ProbeState = {
    longTasks: [],
    idbOpens: [],
    sockets: [],
    storageWrites: [],
    elementAt: null,
    launcherLaidOutAt: null,
  };
  Object.defineProperty(window, '__parleyBench', { value: state });
  let launcherShown = () => {};
  Object.defineProperty(window, '__parleyBenchLauncher', { value: new Promise<void>((r) => (launcherShown = r)) });

  // buffered: also the long tasks that happened before the observer existed.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  // Count, don't block: the page behaves exactly as without the probe.
  const factory = IDBFactory.prototype;
  for (const method of ['open', 'deleteDatabase'] as const) {
    const original = factory[method] as (this: IDBFactory, ...args: unknown[]) => IDBOpenDBRequest;
    (factory as unknown as Record<string, unknown>)[method] = function (this: IDBFactory, ...args: unknown[]) {
      state.idbOpens.push(String(args[0]));
      return original.apply(this, args);
    };
  }
  window.WebSocket = new Proxy(window.WebSocket, {
    construct(target, args: [string | URL, (string | string[])?]) {
      state.sockets.push(String(args[0]));
      return Reflect.construct(target, args);
    },
  });
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    state.storageWrites.push(key);
    return setItem.call(this, key, value);
  };

  // The launcher lives in an open shadow root, which a document MutationObserver cannot see
  // into: the observer only notices <parley-chat> itself, then rAF polls for the launcher.
  const launcher = () => document.querySelector('parley-chat')?.shadowRoot?.querySelector('[part~="launcher"]');
  const poll = () => {
    const box = launcher()?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) {
      requestAnimationFrame(poll);
      return;
    }
    // getBoundingClientRect here costs nothing extra: this frame's layout runs now, not later.
    state.launcherLaidOutAt = performance.now();
    // A user-timing mark lands in the trace, on the same clock as the script's EvaluateScript.
    performance.mark('bench:launcher-laid-out');
    launcherShown();
  };
  const observer = new MutationObserver(() => {
    if (!document.querySelector('parley-chat')) return;
    observer.disconnect();
    state.elementAt = performance.now();
    requestAnimationFrame(poll);
  });
  observer.observe(document, { childList: true, subtree: true });
}

// Counts what a page holds: WebSockets, pending timers, and listeners on window, document and
// visualViewport. Installed with page.addInitScript(installLeakTracker), so it wraps the globals
// before any script of the page runs; it must stay self-contained (it is sent as source text).

export interface LeakSnapshot {
  /** Every WebSocket the page created, in order, with its readyState now (3 = CLOSED). */
  sockets: Array<{ url: string; readyState: number }>;
  /** Timers neither fired (timeouts) nor cleared, with where they were set. */
  timers: Array<{ id: number; kind: 'timeout' | 'interval'; delay: number; stack: string }>;
  /** Net listener count per "target:type", e.g. "window:online". */
  listeners: Record<string, number>;
}

declare global {
  interface Window {
    __leaks: { snapshot(): LeakSnapshot };
  }
}

export function installLeakTracker(): void {
  const sockets: WebSocket[] = [];
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  };

  // A timeout stops being pending when it fires or is cleared; an interval only when cleared.
  const timers = new Map<number, LeakSnapshot['timers'][number]>();
  // Bound: called as methods of another object they throw "Illegal invocation".
  const native = {
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    setInterval: window.setInterval.bind(window),
    clearInterval: window.clearInterval.bind(window),
  };
  const where = () => (new Error().stack ?? '').split('\n').slice(3, 7).join('\n');
  window.setTimeout = ((handler: TimerHandler, delay = 0, ...args: unknown[]) => {
    if (typeof handler !== 'function') return native.setTimeout(handler, delay, ...args);
    const id = native.setTimeout(
      (...a: unknown[]) => {
        timers.delete(id);
        handler(...a);
      },
      delay,
      ...args,
    );
    timers.set(id, { id, kind: 'timeout', delay, stack: where() });
    return id;
  }) as typeof setTimeout;
  window.setInterval = ((handler: TimerHandler, delay = 0, ...args: unknown[]) => {
    const id = native.setInterval(handler, delay, ...args);
    timers.set(id, { id, kind: 'interval', delay, stack: where() });
    return id;
  }) as typeof setInterval;
  // Browsers let either clear function clear either kind of timer.
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    native.clearTimeout(id);
  }) as typeof clearTimeout;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    native.clearInterval(id);
  }) as typeof clearInterval;

  // One entry per registered (target, type, listener, capture), as the browser counts them:
  // adding the same one twice is a no-op; `once` and `signal` remove it without removeEventListener.
  interface Entry {
    target: string;
    type: string;
    listener: unknown;
    capture: boolean;
  }
  const entries = new Set<Entry>();
  const nameOf = (target: EventTarget) =>
    target === window ? 'window' : target === document ? 'document' : target === window.visualViewport ? 'visualViewport' : undefined;
  const captureOf = (options?: boolean | EventListenerOptions) => (typeof options === 'boolean' ? options : Boolean(options?.capture));
  const find = (target: string, type: string, listener: unknown, capture: boolean) =>
    [...entries].find((e) => e.target === target && e.type === type && e.listener === listener && e.capture === capture);
  const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type, listener, options) {
    add.call(this, type, listener, options);
    const target = nameOf(this);
    const capture = captureOf(options);
    const signal = typeof options === 'object' ? options.signal : undefined;
    if (!target || !listener || signal?.aborted || find(target, type, listener, capture)) return;
    const entry: Entry = { target, type, listener, capture };
    entries.add(entry);
    const forget = () => entries.delete(entry);
    if (signal) add.call(signal, 'abort', forget, { once: true });
    if (typeof options === 'object' && options.once) add.call(this, type, forget, { once: true, capture });
  };
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type, listener, options) {
    remove.call(this, type, listener, options);
    const target = nameOf(this);
    const entry = target && find(target, type, listener, captureOf(options));
    if (entry) entries.delete(entry);
  };

  window.__leaks = {
    snapshot: () => {
      const listeners: Record<string, number> = {};
      for (const { target, type } of entries) listeners[`${target}:${type}`] = (listeners[`${target}:${type}`] ?? 0) + 1;
      return {
        sockets: sockets.map((s) => ({ url: s.url, readyState: s.readyState })),
        timers: [...timers.values()],
        listeners,
      };
    },
  };
}

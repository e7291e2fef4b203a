/** What the connection needs to know about the browser around it: a member of the platform (platform.ts). */
export interface Environment {
  isOnline(): boolean;
  isVisible(): boolean;
  /** Calls back on `online`, `offline` and the page becoming visible; returns an unsubscribe. */
  subscribe(listener: (change: 'online' | 'offline' | 'visible') => void): () => void;
}

/** The real browser, or a permanently online and visible world where there is none (Node, SSR). */
export function browserEnvironment(): Environment {
  const win: Window | undefined = globalThis.window;
  const doc: Document | undefined = globalThis.document;
  return {
    isOnline: () => globalThis.navigator?.onLine !== false,
    isVisible: () => doc?.visibilityState !== 'hidden',
    subscribe(listener) {
      if (!win) return () => {};
      const online = () => listener('online');
      const offline = () => listener('offline');
      const visibility = () => {
        if (doc?.visibilityState === 'visible') listener('visible');
      };
      win.addEventListener('online', online);
      win.addEventListener('offline', offline);
      doc?.addEventListener('visibilitychange', visibility);
      return () => {
        win.removeEventListener('online', online);
        win.removeEventListener('offline', offline);
        doc?.removeEventListener('visibilitychange', visibility);
      };
    },
  };
}

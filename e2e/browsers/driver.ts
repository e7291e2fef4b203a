// The small interface the scenarios of the engines layer are written against, once, whatever
// drives the browser: Firefox over WebDriver BiDi (firefox.ts), WebKit over W3C WebDriver
// (webkit.ts). Selectors name elements inside <parley-chat>'s shadow root.

export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs a function body in the page (its arguments as `arguments`); resolves with its JSON result. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  /** A real click on the widget's element. */
  click(selector: string): Promise<void>;
  /** Real keys into the widget's element; `enter` presses Enter after them. */
  type(selector: string, text: string, enter?: boolean): Promise<void>;
  setViewport(width: number, height: number): Promise<void>;
  /** The browser's back button. */
  back(): Promise<void>;
  /** Another tab of the same browser profile: the same storage, locks and channels. */
  openTab(): Promise<EnginePage>;
  /** Closes this tab, as the visitor does (the page gets its pagehide). */
  close(): Promise<void>;
  /** Ends the browser profile, every tab of it. */
  closeProfile(): Promise<void>;
}

/** A file the browser downloaded. */
export interface Download {
  name: string;
  text: string;
}

export interface Engine {
  name: 'firefox' | 'webkit';
  version: string;
  newPage(): Promise<EnginePage>;
  /** The files downloaded since the last call, where the driver can read them (not WebKit's). */
  takeDownloads?(): Promise<Download[]>;
  close(): Promise<void>;
}

/**
 * Polls `body` in the page until it returns something truthy. `what` names the wait in the error;
 * a function there is called at the timeout, to say what the page showed instead.
 */
export async function waitFor<T>(
  page: EnginePage,
  body: string,
  what: string | (() => Promise<string>),
  timeoutMs = 15_000,
  ...args: unknown[]
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.run<T>(body, ...args);
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${typeof what === 'string' ? what : await what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The widget's element, for run(): `widget().dataset.connection`. */
export const WIDGET = `const widget = () => document.querySelector('parley-chat'); const inWidget = (s) => widget()?.shadowRoot?.querySelector(s);`;

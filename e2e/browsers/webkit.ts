// WebKitGTK (Debian's webkit2gtk-driver: WebKitWebDriver and MiniBrowser) over W3C WebDriver,
// through WebdriverIO's `webdriver` client. MiniBrowser needs a display: run under xvfb-run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import WebDriver from 'webdriver';
import type { Engine, EnginePage } from './driver.ts';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

type Client = Awaited<ReturnType<typeof WebDriver.newSession>>;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The Debian package's version ("2.48.5-1~deb12u1"), or "WebKitGTK" where dpkg cannot say. */
function packageVersion(name: string): string {
  try {
    return `WebKitGTK ${execFileSync('dpkg-query', ['-W', '-f=${Version}', name]).toString().trim()}`;
  } catch {
    return 'WebKitGTK';
  }
}

/** One WebDriver session: a browser profile whose tabs take turns (commands go to the current window). */
interface Session {
  client: Client;
  current: string;
  queue: Promise<unknown>;
}

function webkitPage(session: Session, handle: string): EnginePage {
  const { client } = session;
  // Every command of this tab, in turn with the other tabs', after switching to its window.
  const inTab = <T>(command: () => Promise<T>): Promise<T> => {
    const run = session.queue.then(async () => {
      if (session.current !== handle) await client.switchToWindow(handle);
      session.current = handle;
      return command();
    });
    session.queue = run.catch(() => undefined);
    return run;
  };
  // An element reference for one inside the shadow root (WebDriver serialises it from a script).
  const inWidget = async (selector: string): Promise<string> => {
    const end = Date.now() + 10_000;
    for (;;) {
      const found = (await client.executeScript(
        'return document.querySelector("parley-chat")?.shadowRoot?.querySelector(arguments[0]) ?? null',
        [selector],
      )) as Record<string, string> | null;
      if (found) return Object.values(found)[0]!;
      if (Date.now() > end) throw new Error(`no ${selector} in the widget`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    goto: (url) => inTab(() => client.navigateTo(url)).then(() => undefined),
    reload: () => inTab(() => client.refresh()).then(() => undefined),
    run: (body, ...args) => inTab(() => client.executeScript(body, args as object[])) as Promise<never>,
    click: (selector) => inTab(async () => void (await client.elementClick(await inWidget(selector)))),
    type: (selector, text, enter) =>
      inTab(async () => void (await client.elementSendKeys(await inWidget(selector), enter ? `${text}\uE007` : text))),
    setViewport: (width, height) => inTab(() => client.setWindowRect(null, null, width, height)).then(() => undefined),
    back: () => inTab(() => client.back()).then(() => undefined),
    async openTab() {
      const { handle: tab } = await inTab(() => client.createWindow('tab'));
      return webkitPage(session, tab);
    },
    close: () => inTab(() => client.closeWindow()).then(() => undefined),
    // WebKitWebDriver holds one session at a time: a profile is a session.
    closeProfile: () => client.deleteSession().then(() => undefined),
  };
}

/** WebKitWebDriver on a free port, ready for a session. */
async function startDriver(): Promise<{ driver: ChildProcess; port: number }> {
  const port = await freePort();
  // The C locale whatever the machine's: WebKit then says navigator.language "C", which a widget
  // must not send as metadata.language (every message would be refused).
  const env = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', LANGUAGE: '' };
  const driver: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore', env });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { driver, port };
}

export async function launchWebKit(): Promise<Engine> {
  let running = await startDriver();
  const session = () =>
    WebDriver.newSession({
      hostname: '127.0.0.1',
      port: running.port,
      logLevel: 'warn',
      connectionRetryTimeout: 60_000,
      connectionRetryCount: 1,
      capabilities: {
        // WebKit speaks WebDriver classic only: no BiDi upgrade.
        'wdio:enforceWebDriverClassic': true,
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
  return {
    name: 'webkit',
    version: packageVersion('webkit2gtk-driver'),
    async newPage() {
      // A session per profile: a fresh browser, so storage starts empty. A driver that stops
      // answering (seen once in CI: a new session never answered) is replaced, once.
      const client = await session().catch(async (error: unknown) => {
        console.warn(`webkit: a new session failed (${(error as Error).message}); starting the driver again`);
        running.driver.kill();
        running = await startDriver();
        return session();
      });
      const handle = await client.getWindowHandle();
      return webkitPage({ client, current: handle, queue: Promise.resolve() }, handle);
    },
    async close() {
      running.driver.kill();
    },
  };
}

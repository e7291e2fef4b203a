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

function webkitPage(client: Client): EnginePage {
  // An element reference for one inside the shadow root (WebDriver serialises it from a script).
  const inWidget = async (selector: string): Promise<string> => {
    const end = Date.now() + 10_000;
    for (;;) {
      const found = (await client.executeScript('return document.querySelector("parley-chat")?.shadowRoot?.querySelector(arguments[0]) ?? null', [selector])) as Record<string, string> | null;
      if (found) return Object.values(found)[0]!;
      if (Date.now() > end) throw new Error(`no ${selector} in the widget`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    goto: (url) => client.navigateTo(url).then(() => undefined),
    reload: () => client.refresh().then(() => undefined),
    run: (body, ...args) => client.executeScript(body, args as object[]) as Promise<never>,
    click: async (selector) => void (await client.elementClick(await inWidget(selector))),
    type: async (selector, text, enter) => void (await client.elementSendKeys(await inWidget(selector), enter ? `${text}\uE007` : text)),
    setViewport: (width, height) => client.setWindowRect(null, null, width, height).then(() => undefined),
    // WebKitWebDriver holds one session at a time: a page is a session, closed with it.
    close: () => client.deleteSession().then(() => undefined),
  };
}

export async function launchWebKit(): Promise<Engine> {
  const port = await freePort();
  // The C locale whatever the machine's: WebKit then says navigator.language "C", which a widget
  // must not send as metadata.language (every message would be refused).
  const env = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', LANGUAGE: '' };
  const driver: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore', env });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const session = () =>
    WebDriver.newSession({
      hostname: '127.0.0.1',
      port,
      logLevel: 'warn',
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
      // A session per page: a fresh browser, so storage starts empty as in a new profile.
      return webkitPage(await session());
    },
    async close() {
      driver.kill();
    },
  };
}

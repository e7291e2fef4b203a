// Firefox ESR (Debian's firefox-esr) over WebDriver BiDi, through puppeteer-core.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Download, Engine, EnginePage } from './driver.ts';

export const FIREFOX_BINARY = '/usr/bin/firefox-esr';
const FIREFOX_LANGUAGES = 'fil-PH, fil';

function firefoxPage(page: Page): EnginePage {
  const inWidget = async (selector: string) => {
    const handle = await page.waitForSelector(`parley-chat >>> ${selector}`, { timeout: 10_000 });
    if (!handle) throw new Error(`no ${selector} in the widget`);
    return handle;
  };
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    run: (body, ...args) => page.evaluate(`(function () { ${body} }).apply(null, ${JSON.stringify(args)})`) as Promise<never>,
    click: async (selector) => (await inWidget(selector)).click(),
    async type(selector, text, enter) {
      await (await inWidget(selector)).type(text);
      if (enter) await page.keyboard.press('Enter');
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    back: async () => void (await page.goBack()),
    openTab: async () => firefoxPage(await page.browserContext().newPage()),
    close: () => page.close(),
    closeProfile: () => page.browserContext().close(),
  };
}

/** Downloads land in `dir`, asked about nothing (Firefox's preferences for that). */
const downloadPrefs = (dir: string) => ({
  'browser.download.folderList': 2,
  'browser.download.dir': dir,
  'browser.download.useDownloadDir': true,
  'browser.download.always_ask_before_handling_new_types': false,
  'browser.helperApps.neverAsk.saveToDisk': 'text/plain',
  'browser.download.manager.showWhenStarting': false,
});

/**
 * The files in `dir` once no download is in progress (Firefox writes a .part file meanwhile,
 * beside an empty placeholder and a temporary name), each taken away once read.
 */
function takeFinished(dir: string): Download[] {
  const names = readdirSync(dir);
  if (names.some((name) => name.endsWith('.part'))) return [];
  return names.flatMap((name) => {
    try {
      const text = readFileSync(join(dir, name), 'utf8');
      if (!text) return []; // the placeholder of a download not begun
      rmSync(join(dir, name));
      return [{ name, text }];
    } catch {
      return []; // renamed meanwhile: read under its final name next time
    }
  });
}

export async function launchFirefox(): Promise<Engine> {
  const downloads = mkdtempSync(join(tmpdir(), 'parley-firefox-downloads-'));
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_BINARY,
    headless: true,
    // A visitor whose only language has no two-letter code (Filipino): the service must get no
    // metadata.language, not "fi" (Finnish) cut from it.
    extraPrefsFirefox: { 'intl.accept_languages': FIREFOX_LANGUAGES, ...downloadPrefs(downloads) },
  });
  return {
    name: 'firefox',
    version: await browser.version(),
    // A user context per page: its own storage, as a new profile.
    newPage: async () => firefoxPage(await (await browser.createBrowserContext()).newPage()),
    takeDownloads: async () => takeFinished(downloads),
    async close() {
      await browser.close();
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}

// Firefox ESR (Debian's firefox-esr) over WebDriver BiDi, through puppeteer-core.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Engine, EnginePage } from './driver.ts';

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

export async function launchFirefox(): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_BINARY,
    headless: true,
    // A visitor whose only language has no two-letter code (Filipino): the service must get no
    // metadata.language, not "fi" (Finnish) cut from it.
    extraPrefsFirefox: { 'intl.accept_languages': FIREFOX_LANGUAGES },
  });
  return {
    name: 'firefox',
    version: await browser.version(),
    // A user context per page: its own storage, as a new profile.
    newPage: async () => firefoxPage(await (await browser.createBrowserContext()).newPage()),
    close: () => browser.close(),
  };
}

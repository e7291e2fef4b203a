// The documentation's pictures, made from the current build: `npm run docs:images` (after
// `npm run build`). It serves the repository with Vite (the emulator under /parley-emulator),
// drives Chromium through a customer page with the built widget (e2e/pages/widget.html), the
// demo's help centre (help.html) and the agent console, and writes docs/images/*.png.
import { mkdirSync, statSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createServer } from 'vite';
import { emulatorAt } from '../e2e/browsers/emulator-control.ts';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';

const PORT = Number(process.env.PARLEY_DOCS_PORT ?? 5197);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT = 'docs/images';

const { control } = emulatorAt(ORIGIN);

const media = (name: string) => `${ORIGIN}/parley-emulator/media/${name}`;
const plan = (title: string, price: string) => ({
  title,
  subtitle: price,
  media: { url: media('plan-pro.svg'), type: 'image' },
  buttons: [{ type: 'postback', label: `Choose ${title}`, value: `I choose ${title}` }],
});

/** The widget on the test page, opened, after a first exchange and a card and a carousel from the bot. */
async function chatWithTemplates(
  browser: Browser,
  options: { width: number; height: number; dark?: boolean; language?: string },
): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: options.width, height: options.height },
    colorScheme: options.dark ? 'dark' : 'light',
    reducedMotion: 'reduce',
  });
  const query = new URLSearchParams({
    'client-id': 'demo',
    'base-url': '/parley-emulator',
    heading: 'Parley Shop',
    ...(options.language ? { language: options.language } : {}),
  });
  await page.goto(`${ORIGIN}/e2e/pages/widget.html?${query}`);
  await page.locator('parley-chat [part~="launcher"]').click();
  await page.locator('parley-chat[data-connection="open"]').waitFor({ state: 'attached' });
  await page.locator('parley-chat textarea').fill(options.language === 'ar' ? 'مرحبا' : 'Which plan suits a team of five?');
  await page.locator('parley-chat textarea').press('Enter');
  await page.locator('parley-chat [part~="message"][data-from="bot"]').first().waitFor();
  const threadId = await page.locator('parley-chat').evaluate((element) => (element as unknown as { threadId: string }).threadId);
  const responses = [
    { type: 'card', payload: plan('Parley Team', '9 EUR per seat and month') },
    { type: 'carousel', payload: { cards: [plan('Starter', 'Free'), plan('Team', '9 EUR'), plan('Pro', '29 EUR')] } },
  ];
  const frame = {
    type: 'message.received',
    payload: { threadId, originator: { name: 'Parley Bot', role: 'bot' }, messages: [{ fallback: 'Our plans', responses }] },
  };
  await control('push', { threadId, frame });
  await page.locator('parley-chat [data-template="carousel"] img').first().waitFor();
  await page.waitForTimeout(600); // the pictures decoded, the list scrolled to the latest
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${OUT}/${name}.png`, animations: 'disabled' });
  console.log(`wrote ${OUT}/${name}.png (${(statSync(`${OUT}/${name}.png`).size / 1024).toFixed(0)} kB)`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    server: { port: PORT, strictPort: true, host: '127.0.0.1' },
  });
  await server.listen();
  const browser = await chromium.launch({ ...(systemChromium ? { executablePath: systemChromium } : {}), args: chromiumArgs });
  try {
    await control('reset');
    const closed = await browser.newPage({ viewport: { width: 960, height: 600 }, reducedMotion: 'reduce' });
    await closed.goto(`${ORIGIN}/e2e/pages/widget.html?client-id=demo&base-url=/parley-emulator`);
    await closed.locator('parley-chat [part~="launcher"]').waitFor();
    await shoot(closed, 'launcher');

    const teased = await browser.newPage({ viewport: { width: 960, height: 600 }, reducedMotion: 'reduce' });
    await teased.goto(
      `${ORIGIN}/e2e/pages/widget.html?client-id=demo&base-url=/parley-emulator&teaser-delay=0&teaser=${encodeURIComponent('Need help choosing a bike? Ask us here.')}`,
    );
    await teased.locator('parley-chat [part~="teaser"]').waitFor();
    await shoot(teased, 'teaser');

    const help = await browser.newPage({ viewport: { width: 960, height: 760 }, reducedMotion: 'reduce' });
    await help.goto(`${ORIGIN}/help.html`);
    await help.locator('parley-chat').scrollIntoViewIfNeeded();
    await help.locator('parley-chat textarea').fill('How long does delivery take?');
    await help.locator('parley-chat textarea').press('Enter');
    await help.locator('parley-chat [part~="message"][data-from="bot"]').last().waitFor();
    await shoot(help, 'inline');

    await shoot(await chatWithTemplates(browser, { width: 960, height: 760 }), 'panel');
    await control('reset');
    await shoot(await chatWithTemplates(browser, { width: 960, height: 760, dark: true }), 'panel-dark');
    await control('reset');
    await shoot(await chatWithTemplates(browser, { width: 390, height: 844 }), 'phone');
    await control('reset');
    await shoot(await chatWithTemplates(browser, { width: 960, height: 760, language: 'ar' }), 'right-to-left');

    // The agent console while a visitor waits for a human.
    const visitor = await browser.newPage();
    await visitor.goto(`${ORIGIN}/e2e/pages/widget.html?client-id=demo&base-url=/parley-emulator`);
    await visitor
      .locator('parley-chat')
      .evaluate((element) => (element as unknown as { setUser(user: object): void }).setUser({ name: 'Ada Lovelace' }));
    await visitor.locator('parley-chat [part~="launcher"]').click();
    await visitor.locator('parley-chat textarea').fill('talk to a human');
    await visitor.locator('parley-chat textarea').press('Enter');
    await visitor.locator('parley-chat [part~="message"][data-from="bot"]').last().waitFor();
    const agent = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await agent.goto(`${ORIGIN}/parley-emulator/console/`);
    await agent
      .getByRole('navigation', { name: /Threads/ })
      .getByRole('button', { name: /Ada Lovelace/ })
      .click();
    await agent.getByRole('textbox', { name: /Reply as/ }).fill('Hello Ada, Sam here. How can I help?');
    await agent.getByRole('button', { name: 'Send', exact: true }).click();
    await agent.locator('[role=log]').getByText('Hello Ada, Sam here.').waitFor();
    await shoot(agent, 'console');
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();

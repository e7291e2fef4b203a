// Parley on other people's pages: hostile CSS, a strict CSP, theming, right-to-left, phones,
// and a visitor who never opens the chat.
import { expect, test, type Page } from '@playwright/test';
import { emulator } from './support/emulator.ts';
import { settled } from './support/settled.ts';

const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const panel = (page: Page) => page.locator('parley-chat [part~="panel"]');
const messages = (page: Page, from: string) => page.locator(`parley-chat [part~="message"][data-from="${from}"]`);

async function load(page: Page, query: Record<string, string> = {}): Promise<void> {
  const params = new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', ...query });
  await page.goto(`/e2e/pages/widget.html?${params}`);
  await expect(launcher(page)).toBeVisible();
}

/** Computed styles of the widget's main surfaces, as a page's CSS could disturb them. */
async function surfaceStyles(page: Page) {
  await settled(page.locator('parley-chat')); // the launcher pops in and the panel opens with an animation
  return page.locator('parley-chat').evaluate((host) => {
    const root = host.shadowRoot!;
    const pick = (selector: string) => {
      const element = root.querySelector(selector);
      if (!element) return null;
      const style = getComputedStyle(element);
      const keys = [
        'font-family',
        'font-size',
        'line-height',
        'letter-spacing',
        'color',
        'background-color',
        'box-sizing',
        'width',
        'height',
        'padding',
        'border-radius',
        'z-index',
        'opacity',
        'position',
      ];
      return Object.fromEntries(keys.map((key) => [key, style.getPropertyValue(key)]));
    };
    return {
      host: pick(':host') ?? { opacity: getComputedStyle(host).opacity },
      launcher: pick('[part~="launcher"]'),
      panel: pick('[part~="panel"]'),
      title: pick('[part~="title"]'),
      input: pick('[part~="input"]'),
      send: pick('[part~="send"]'),
      bubble: pick('[part~="bubble"]'),
    };
  });
}

/** A screenshot of the inside of a surface: its rounded corners and shadow show the page. */
async function innerShot(page: Page, selector: string, inset: number): Promise<Buffer> {
  const box = (await page.locator(selector).boundingBox())!;
  return page.screenshot({
    clip: { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset },
    animations: 'disabled',
  });
}

/**
 * Shots of a surface once it has settled (two shots in a row alike: what came with the connection
 * is drawn), then the frames it alternates between, a few shots apart.
 */
async function settledShots(page: Page, selector: string, inset: number): Promise<Buffer[]> {
  let last = await innerShot(page, selector, inset);
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(100);
    const shot = await innerShot(page, selector, inset);
    const settled = shot.equals(last);
    last = shot;
    if (settled) break;
  }
  const shots = [last];
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(120);
    const shot = await innerShot(page, selector, inset);
    if (!shots.some((seen) => seen.equals(shot))) shots.push(shot);
  }
  return shots;
}

test.beforeEach(async ({ page, request }) => {
  await emulator(request).reset();
  // Geometry is measured below: no opening animation in the way.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a page hostile to embeds shows the widget exactly as a plain page does', async ({ page }) => {
  test.slow();
  const capture = async (query: Record<string, string>) => {
    await load(page, { heading: 'Support', ...query });
    const closed = await surfaceStyles(page);
    const closedShot = await innerShot(page, 'parley-chat [part~="launcher"]', 12);
    await launcher(page).click(); // also proves nothing of the page covers it
    await expect(panel(page)).toBeVisible();
    await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
    await composer(page).blur();
    const open = await surfaceStyles(page);
    const openShots = await settledShots(page, 'parley-chat [part~="panel"]', 20);
    return { closed, open, closedShot, openShots };
  };
  const plain = await capture({});
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear(); // the open panel is remembered per tab
  });
  const hostile = await capture({ hostile: '' });

  // The hostile stylesheet really is on the page and really does change the page's own text.
  const pageFont = await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily);
  expect(pageFont).toBe('serif');

  expect(hostile.closed).toEqual(plain.closed);
  expect(hostile.open).toEqual(plain.open);
  expect(hostile.closedShot.equals(plain.closedShot), 'the closed launcher looks the same').toBe(true);
  // Chromium 150 repaints the disabled send button in two slightly different ways, alternating
  // (seen on a plain page alone, shot after shot): compare until one of the plain page's frames
  // comes round.
  const openLooksTheSame = async () => {
    const shot = await innerShot(page, 'parley-chat [part~="panel"]', 20);
    return plain.openShots.some((plainShot) => shot.equals(plainShot));
  };
  await expect.poll(openLooksTheSame, { message: 'the open panel looks the same', timeout: 10_000 }).toBe(true);
});

test('under a strict Content-Security-Policy the widget works with zero violations', async ({ page, request }) => {
  // csp.html carries the policy in a <meta>: default-src 'none'; script-src 'self'; style-src 'self';
  // connect-src 'self' (the emulator's origin); img-src 'self' data:.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) consoleViolations.push(message.text());
  });

  await page.goto(
    `/e2e/pages/csp.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', 'start-event': 'welcome' })}`,
  );
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toContain("style-src 'self'");
  await launcher(page).click();
  await expect(messages(page, 'bot').first()).toBeVisible();
  await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button').first().click();
  await composer(page).fill('talk to a human');
  await composer(page).press('Enter');
  await expect(messages(page, 'bot').last()).toContainText('colleague');
  const threadId = await page.locator('parley-chat').evaluate((el) => (el as unknown as { threadId: string }).threadId);
  await emulator(request).agentSays(threadId, 'Hello, Sam here.', { name: 'Sam', picture: new URL('/agent-sam.svg', page.url()).href });
  const agent = messages(page, 'agent').first();
  await expect(agent).toBeVisible({ timeout: 10_000 });
  await expect(agent.locator('img')).toHaveJSProperty('complete', true);
  expect(await agent.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');

  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  expect(consoleViolations).toEqual([]);
  expect((await emulator(request).state()).addressRequests.length).toBeGreaterThan(0);
});

test('a visitor who never opens the chat costs no connection and no IndexedDB', async ({ page, request }) => {
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { idbOpens: string[] }).idbOpens = opened;
    const original = indexedDB.open.bind(indexedDB);
    indexedDB.open = (name: string, version?: number) => {
      opened.push(name);
      return original(name, version);
    };
  });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await load(page);
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => (window as unknown as { idbOpens: string[] }).idbOpens)).toEqual([]);
  expect(requests.filter((path) => path.startsWith('/parley-emulator'))).toEqual([]);
  expect((await emulator(request).state()).addressRequests).toHaveLength(0);

  await launcher(page).click();
  await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
  await composer(page).fill('hello');
  await composer(page).press('Enter');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
  expect(await page.evaluate(() => (window as unknown as { idbOpens: string[] }).idbOpens)).toContain('parley');
});

test('theming: custom properties change colours, font, radius, size and side; ::part() reaches the surfaces', async ({ page }) => {
  await load(page);
  await page.addStyleTag({
    content: `
      parley-chat {
        --parley-accent: rgb(200, 30, 90);
        --parley-font: monospace;
        --parley-radius: 4px;
        --parley-panel-width: 300px;
        --parley-left: 24px;
        --parley-right: auto;
      }
      parley-chat::part(title) { text-transform: uppercase; }
    `,
  });
  const launcherBox = (await launcher(page).boundingBox())!;
  expect(launcherBox.x).toBeLessThan(100);
  expect(await launcher(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(200, 30, 90)');
  await launcher(page).click();
  const box = (await panel(page).boundingBox())!;
  expect(box.x).toBeLessThan(100);
  expect(box.width).toBe(300);
  const styles = await panel(page).evaluate((el) => ({
    font: getComputedStyle(el).fontFamily,
    radius: getComputedStyle(el).borderTopLeftRadius,
  }));
  expect(styles).toEqual({ font: 'monospace', radius: '4px' });
  const title = page.locator('parley-chat [part~="title"]');
  expect(await title.evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase');
});

test('dark colours follow prefers-color-scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await load(page);
  await launcher(page).click();
  const background = await panel(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = background.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(200);
});

test('right to left: on a dir="rtl" page and for a right-to-left language the widget mirrors', async ({ page }) => {
  const width = page.viewportSize()!.width;
  await load(page, { dir: 'rtl' });
  expect((await launcher(page).boundingBox())!.x).toBeLessThan(width / 2);
  await launcher(page).click();
  expect((await panel(page).boundingBox())!.x).toBeLessThan(width / 2);
  expect(await panel(page).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

  await page.getByRole('button', { name: 'Close chat' }).click(); // or the reload reopens it
  await page.goto(`/e2e/pages/widget.html?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', language: 'ar' })}`);
  const arabicLauncher = page.getByRole('button', { name: 'فتح الدردشة', exact: true }); // the loader's own Arabic name
  expect((await arabicLauncher.boundingBox())!.x).toBeLessThan(width / 2);
  await page.locator('parley-chat').evaluate((el) => ((el as unknown as { strings: object }).strings = { openChat: 'افتح الدردشة' }));
  await expect(page.getByRole('button', { name: 'افتح الدردشة' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('the panel takes the whole screen, the input is 16 px, the composer stays in view', async ({ page }) => {
    await load(page);
    await launcher(page).tap();
    await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
    const box = (await panel(page).boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: 390 });
    expect(Math.round(box.height)).toBe(844);
    expect(await composer(page).evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    await composer(page).fill('hello from a phone');
    await page.getByRole('button', { name: 'Send' }).tap();
    await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
    // The panel follows the visual viewport (an on-screen keyboard shrinks it).
    const followed = await page
      .locator('parley-chat')
      .evaluate((host) =>
        getComputedStyle(host.shadowRoot!.querySelector('[part~="panel"]')!).getPropertyValue('--parley-viewport-height'),
      );
    expect(followed.trim()).toBe(`${await page.evaluate(() => visualViewport!.height)}px`);
    const composerBox = (await page.locator('parley-chat [part~="composer"]').boundingBox())!;
    expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(844);
    // Covering the page, the panel is modal: Tab from the last control wraps to the first.
    await expect(page.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    await composer(page).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'More options' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(composer(page)).toBeFocused();
  });
});

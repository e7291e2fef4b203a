// Rich responses in the built widget: every template the web can show, on screen (a screenshot
// of each is kept with the test's results), each button type doing what it says, a carousel
// driven by keyboard alone, axe with every template on screen, and the strict-CSP page with
// cards and images. Templates are pushed by the emulator as the bot's `message.received`.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { botSends, emulator } from './support/emulator.ts';

const widget = (page: Page) => page.locator('parley-chat');
const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const transcript = (page: Page) => page.getByRole('log');
const userBubbles = (page: Page) => page.locator('parley-chat [part~="message"][data-from="user"]');
const botMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="bot"]');

interface Response {
  type: string;
  payload?: unknown;
}

/** The emulator's demo media, on the page's own origin (/parley-emulator): no network, and CSP 'self'. */
const picture = (page: Page, name = 'plan-pro.svg') => new URL(`/parley-emulator/media/${name}`, page.url()).href;

async function open(page: Page, path = '/e2e/pages/widget.html', attributes: Record<string, string> = {}): Promise<string> {
  await page.goto(`${path}?${new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', ...attributes })}`);
  await launcher(page).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  // A thread exists once the first message is sent.
  await composer(page).fill('hello');
  await composer(page).press('Enter');
  await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'delivered');
  await expect(botMessages(page).last()).toBeVisible();
  return widget(page).evaluate((el) => (el as ParleyChatElement).threadId!);
}

function templates(page: Page): Record<string, Response> {
  const card = (title: string, n: number) => ({
    title,
    subtitle: `Plan number ${n}`,
    media: { url: picture(page), type: 'image' },
    action: { type: 'postback', value: `tell me about ${title}` },
    buttons: [
      { type: 'postback', label: `Choose ${title}`, value: `I choose ${title}` },
      { type: 'url', label: `About ${title}`, value: picture(page, `price-list.txt?plan=${n}`), newTab: true },
    ],
  });
  return {
    card: {
      type: 'card',
      payload: {
        title: 'Parley Pro',
        subtitle: '29 EUR per month, unlimited seats',
        media: { url: picture(page), type: 'image' },
        buttons: [
          { type: 'url', label: 'See details', value: picture(page, 'price-list.txt?from=card'), newTab: true },
          { type: 'postback', label: 'I want Pro', value: 'Sign me up for Pro' },
          { type: 'event', label: 'Book a demo', value: 'book-demo', params: { plan: [{ value: 'pro' }] } },
          { type: 'share', label: 'Share', value: 'x' },
        ],
      },
    },
    carousel: { type: 'carousel', payload: { cards: ['Starter', 'Team', 'Pro', 'Business', 'Enterprise'].map((t, i) => card(t, i + 1)) } },
    list: {
      type: 'list',
      payload: {
        items: [
          {
            title: 'Starter',
            subtitle: 'Free forever',
            media: { url: picture(page), type: 'image' },
            action: { type: 'postback', value: 'Starter please' },
          },
          { title: 'Team', subtitle: '9 EUR per seat' },
        ],
        buttons: [{ type: 'phone', label: 'Call sales', value: '+44 20 7946 0958' }],
      },
    },
    buttons: {
      type: 'buttons',
      payload: {
        title: 'How can we help?',
        buttons: [
          { type: 'webview', label: 'Help centre', value: picture(page, 'price-list.txt?from=webview') },
          { type: 'postback', label: 'Opening hours', value: 'opening hours' },
          { type: 'url', label: 'Evil', value: 'javascript:alert(1)' },
        ],
      },
    },
    image: { type: 'image', payload: { title: 'Our office', url: picture(page, 'office.png') } },
    video: { type: 'video', payload: { title: 'A short tour', url: picture(page, 'tour.webm') } },
    audio: { type: 'audio', payload: { title: 'A chime', url: picture(page, 'chime.wav') } },
    file: { type: 'file', payload: { title: 'Price list', url: picture(page, 'price-list.txt') } },
    location: { type: 'location', payload: { title: 'Our office', lat: '51.5072', long: '-0.1276' } },
  };
}

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('the demo\'s "show me" menu reaches every template', async ({ page }) => {
  test.setTimeout(60_000); // eleven answers, each with the bot's typing delays
  await open(page);
  const menu = [
    ['A card', 'card'],
    ['A video card', 'card'],
    ['A carousel', 'carousel'],
    ['A list', 'list'],
    ['Buttons', 'buttons'],
    ['An image', 'image'],
    ['A video', 'video'],
    ['A sound', 'audio'],
    ['A file', 'file'],
    ['A location', 'location'],
  ] as const;
  for (const [label, template] of menu) {
    await composer(page).fill('show me');
    await composer(page).press('Enter');
    await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: label, exact: true }).click();
    await expect(page.locator(`parley-chat [data-template="${template}"]`).last()).toBeVisible();
    // The quick reply (the "Buttons" template has a button of that name too).
    await expect(page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: 'Show me more' })).toBeVisible();
  }
  // custom: the page gets it in parley:message; the widget draws nothing for it.
  const custom = widget(page).evaluate(
    (el) =>
      new Promise((resolve) =>
        el.addEventListener('parley:message', (event) => {
          const responses = (event as CustomEvent).detail.messages.flatMap((m: { responses: unknown[] }) => m.responses);
          const found = responses.find((r: { type: string }) => r.type === 'custom');
          if (found) resolve(found);
        }),
      ),
  );
  await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: 'Show me more' }).click();
  await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: 'Custom', exact: true }).click();
  expect(await custom).toMatchObject({ type: 'custom', payload: { kind: 'slots', event: 'book-slot' } });
  await expect(page.locator('parley-chat [data-template="custom"]')).toHaveCount(0);
});

test('every template is drawn (a screenshot of each is kept); unsafe addresses and other channels are not', async ({
  page,
  request,
}, testInfo) => {
  const threadId = await open(page);
  for (const [name, response] of Object.entries(templates(page))) {
    await botSends(request, threadId, [response]);
    const message = botMessages(page).last();
    await expect(message).toHaveAttribute('data-template', name);
    await message.scrollIntoViewIfNeeded();
    const shot = await message.screenshot({ path: testInfo.outputPath(`template-${name}.png`) });
    await testInfo.attach(`template-${name}`, { body: shot, contentType: 'image/png' });
  }
  const log = transcript(page);
  await expect(log.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(log.getByText('Evil')).toHaveCount(0);
  await expect(log.getByRole('link', { name: 'Call sales' })).toHaveAttribute('href', 'tel:+442079460958');
  const webview = log.getByRole('link', { name: 'Help centre' });
  await expect(webview).toHaveAttribute('target', '_blank'); // webview: a new tab
  await expect(webview).toHaveAttribute('href', picture(page, 'price-list.txt?from=webview'));
  await expect(log.getByRole('link', { name: /Open map/ })).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=51\.5072&mlon=-0\.1276/);
  await expect(log.getByRole('link', { name: /Price list/ })).toHaveAttribute('download', /.*/);
  const video = log.locator('video');
  await expect(video).toHaveAttribute('preload', 'metadata');
  expect(await video.evaluate((v: HTMLVideoElement) => [v.controls, v.autoplay])).toEqual([true, false]);
  for (const img of await log.locator('img').all()) {
    await expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
  }
});

test('buttons do what they say: postback sends its value, event its params, url opens a new page', async ({ page, request, context }) => {
  const threadId = await open(page);
  await botSends(request, threadId, [templates(page).card!]);
  // This card, not whatever the bot answers next (the demo's flow may answer the buttons' sends).
  const card = botMessages(page).filter({ hasText: 'Parley Pro' }).last();

  await card.getByRole('button', { name: 'I want Pro' }).click();
  await expect(userBubbles(page).last()).toHaveText(/I want Pro/);
  await expect(composer(page)).toBeFocused();
  await card.getByRole('button', { name: 'Book a demo' }).click();
  await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'delivered');
  const sends = await emulator(request).sends(threadId);
  expect(sends.at(-2)).toMatchObject({ speech: 'Sign me up for Pro' });
  expect(sends.at(-2)).not.toHaveProperty('attachment');
  expect(sends.at(-1)).toMatchObject({
    speech: 'Book a demo',
    attachment: { type: 'event', payload: { name: 'book-demo' } },
    metadata: { params: { plan: [{ value: 'pro' }] } },
  });

  const link = card.getByRole('link', { name: 'See details' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(picture(page, 'price-list.txt?from=card'));
  await opened.close();
});

test('an image opens whole in a viewer over the page: Escape closes it, not the chat, and focus returns to the picture', async ({
  page,
  request,
}) => {
  const threadId = await open(page);
  await botSends(request, threadId, [templates(page).image!]);
  const opener = page.getByRole('button', { name: 'Our office (enlarge)' });
  await opener.click();
  const viewer = page.getByRole('dialog', { name: 'Our office' });
  await expect(viewer).toBeVisible();
  await expect.poll(() => viewer.getByRole('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(viewer.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', picture(page, 'office.png'));
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(composer(page)).toBeVisible(); // the chat is still open
  await expect(opener).toBeFocused();
  // And by its button, by mouse.
  await opener.click();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a carousel is operated by keyboard alone', async ({ page, request }) => {
  const threadId = await open(page);
  await botSends(request, threadId, [templates(page).carousel!]);
  const carousel = botMessages(page).last();
  const slides = carousel.getByRole('group', { name: /of 5/ });
  await expect(slides).toHaveCount(5);
  await expect(slides.first()).toHaveAccessibleName(/1 of 5/);
  const next = carousel.getByRole('button', { name: 'Next' });
  const previous = carousel.getByRole('button', { name: 'Previous' });
  await expect(next).toBeVisible();
  await expect(previous).toBeVisible();
  // At the start "Previous" is marked unavailable; "Next" is not.
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await expect(next).not.toHaveAttribute('aria-disabled');

  const inView = async () =>
    carousel.evaluate((root) => {
      const scroller = root.querySelector<HTMLElement>('[part~="carousel"]')!;
      const box = scroller.getBoundingClientRect();
      return [...scroller.children].findIndex((card) => {
        const r = card.getBoundingClientRect();
        return r.left >= box.left - 2 && r.right <= box.right + 2;
      });
    });
  // Keyboard only: focus "Next" by Tab from the previous control, press Enter and Space.
  await previous.focus();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(inView).toBe(1);
  await page.keyboard.press('Space');
  await expect.poll(inView).toBe(2);
  await expect(previous).not.toHaveAttribute('aria-disabled');
  // On to the last card: "Next" is marked unavailable there, and keeps the focus.
  await page.keyboard.press('Enter');
  await expect.poll(inView).toBe(3);
  await page.keyboard.press('Enter');
  await expect.poll(inView).toBe(4);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toBeFocused();
  await previous.click();
  await expect.poll(inView).toBe(3);
  await expect(next).not.toHaveAttribute('aria-disabled');
  // Into the visible card, to its button, and send with the keyboard.
  const choose = slides.nth(2).getByRole('button', { name: 'Choose Pro' });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(userBubbles(page).last()).toHaveText(/Choose Pro/);
  // The bubble shows at once; the emulator has the message once it is delivered.
  await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'delivered');
  const sends = await emulator(request).sends(threadId);
  expect(sends.at(-1)).toMatchObject({ speech: 'I choose Pro' });
});

test('template buttons look alike and show a focus ring only when focused', async ({ page, request }) => {
  const threadId = await open(page);
  await botSends(request, threadId, [templates(page).buttons!]);
  const group = botMessages(page).last().locator('[part~="button"]');
  await expect(group.first()).toBeVisible();
  const looks = () =>
    group.evaluateAll((controls) =>
      controls.map((control) => {
        const style = getComputedStyle(control);
        return `${control.localName}: outline ${style.outlineStyle}, ${style.textAlign}, line above ${style.borderTopStyle}`;
      }),
    );
  const lines = await looks();
  for (const line of lines) expect(line).toMatch(/^(a|button): outline none, center, line above solid$/);
  expect(new Set(lines.map((line) => line.split(':')[0]))).toEqual(new Set(['a', 'button']));
  await group.first().focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await group.first().evaluate((control) => getComputedStyle(control).outlineStyle)).toBe('solid');
});

test('the panel itself never scrolls: screen-reader-only text stays inside the transcript', async ({ page, request }) => {
  const threadId = await open(page);
  for (let i = 0; i < 12; i++) await botSends(request, threadId, [{ type: 'text', payload: { text: `Line ${i}` } }]);
  await botSends(request, threadId, [templates(page).carousel!]);
  const panel = page.locator('parley-chat [part~="panel"]');
  const overflow = () => panel.evaluate((el) => el.scrollHeight - el.clientHeight);
  await expect.poll(overflow).toBe(0);
  await botMessages(page).last().getByRole('button', { name: 'Next' }).click();
  await botMessages(page).last().getByRole('button', { name: 'Choose Team' }).click();
  await expect(userBubbles(page).last()).toHaveText(/Choose Team/);
  expect(await panel.evaluate((el) => el.scrollTop)).toBe(0);
  expect(await overflow()).toBe(0);
});

test('axe finds no serious or critical violation with every template on screen', async ({ page, request }) => {
  const threadId = await open(page);
  for (const response of Object.values(templates(page))) await botSends(request, threadId, [response]);
  await expect(botMessages(page).last()).toHaveAttribute('data-template', 'location');
  await page.waitForFunction(() => document.querySelector('parley-chat')!.shadowRoot!.getAnimations().length === 0);
  const result = await new AxeBuilder({ page }).include('parley-chat').analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('under the strict CSP, cards and images from the page origin show with zero violations', async ({ page, request }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  const threadId = await open(page, '/e2e/pages/csp.html');
  const all = templates(page);
  await botSends(request, threadId, [all.card!, all.carousel!, all.image!, all.list!]);
  await expect(botMessages(page).last()).toHaveAttribute('data-template', 'list');
  const images = page.locator('parley-chat img[part~="media"]');
  expect(await images.count()).toBeGreaterThan(5);
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  }
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});

test('a broken image or an invalid payload shows the fallback; the rest of the message still renders', async ({ page, request }) => {
  const threadId = await open(page);
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await botSends(
    request,
    threadId,
    [
      { type: 'text', payload: { text: 'Here is our office:' } },
      { type: 'image', payload: { title: 'Office', url: picture(page, 'missing.png') } },
      { type: 'card', payload: { subtitle: 'a card without a title' } },
      { type: 'text', payload: { text: 'Anything else?' } },
    ],
    'Our office (picture unavailable)',
  );
  await expect(transcript(page).getByText('Anything else?')).toBeVisible();
  await expect(transcript(page).getByText('Our office (picture unavailable)')).toHaveCount(2);
  expect(warnings.join('\n')).toMatch(/"card" payload is not valid/);
});

test('on a phone, right to left and dark: carousel cards are at most 85% wide, "Next" goes left, colours follow the theme', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  // A right-to-left page, English texts (an Arabic widget's own texts: languages.spec.ts).
  const threadId = await open(page, '/e2e/pages/widget.html', { dir: 'rtl' });
  await botSends(request, threadId, [templates(page).carousel!]);
  const carousel = botMessages(page).last();
  await expect(carousel).toHaveAttribute('data-template', 'carousel');
  const sizes = await carousel.evaluate((root) => {
    const row = root.querySelector<HTMLElement>('[part~="carousel"]')!;
    const card = row.querySelector<HTMLElement>('[part~="card"]')!;
    const panel = row.closest('[part~="panel"]') as HTMLElement;
    return {
      row: row.clientWidth,
      card: card.getBoundingClientRect().width,
      panel: panel.getBoundingClientRect().width,
      direction: getComputedStyle(row).direction,
      cardBackground: getComputedStyle(card).backgroundColor,
      panelBackground: getComputedStyle(panel).backgroundColor,
    };
  });
  expect(sizes.panel).toBe(390); // full screen on a phone
  expect(sizes.card).toBeLessThanOrEqual(sizes.panel * 0.85);
  expect(sizes.direction).toBe('rtl');
  expect(sizes.cardBackground).toBe(sizes.panelBackground);
  expect(sizes.cardBackground).not.toBe('rgb(255, 255, 255)');
  const scrollLeft = () => carousel.locator('[part~="carousel"]').evaluate((row) => row.scrollLeft);
  await carousel.getByRole('button', { name: 'Next' }).click();
  await expect.poll(scrollLeft).toBeLessThan(-100); // right to left: the next card lies to the left
  await carousel.getByRole('button', { name: 'Previous' }).click();
  await expect.poll(scrollLeft).toBeGreaterThan(-5);
});

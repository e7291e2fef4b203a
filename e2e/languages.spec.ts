// The widget in the visitor's language, in the built files: a browser set to German, Arabic,
// Japanese, Polish or Finnish sees the widget's own texts in it, closed and open, in the right
// direction, with no English text left (a screenshot of each is kept with the results); long
// words fit their controls at 320 px; axe is clean in Arabic and Japanese; `language` changed on
// a live element switches the texts in place; a language file that answers 404 leaves English.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { formatIn, pluralForms } from '../src/i18n/plural.ts';
import type { Translation } from '../src/i18n/translation.ts';
import { defaultStrings, type StringKey } from '../src/i18n/strings.ts';
import { emulator } from './support/emulator.ts';

const PAGE = '/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator';

// Each test starts from a service that answers (one of them makes it fail on purpose).
test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});
const widget = (page: Page) => page.locator('parley-chat');
const launcher = (page: Page) => page.locator('parley-chat [part~="launcher"]');
const composer = (page: Page) => page.locator('parley-chat textarea');
const userBubbles = (page: Page) => page.locator('parley-chat [part~="message"][data-from="user"]');
const botMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="bot"]');

async function translationOf(tag: string): Promise<Translation> {
  return ((await import(`../src/i18n/languages/${tag}.ts`)) as { default: Translation }).default;
}

/** Every text the widget's shadow root shows or gives a screen reader: text, labels, placeholders, titles. */
function widgetTexts(page: Page): Promise<string[]> {
  return widget(page).evaluate((element) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(element.shadowRoot!, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Text) texts.push(node.data);
      else
        for (const name of ['aria-label', 'placeholder', 'title', 'aria-roledescription'])
          texts.push((node as Element).getAttribute(name) ?? '');
    }
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

/** The widget's English texts that the translation says differently, as patterns (placeholders match anything). */
function englishPatterns(translation: Translation): Array<[StringKey, RegExp]> {
  const patterns: Array<[StringKey, RegExp]> = [];
  for (const key of Object.keys(defaultStrings) as StringKey[]) {
    if (defaultStrings[key] === translation[key]) continue; // "Chat", "Bot", "Online" in some languages
    const forms = pluralForms(defaultStrings[key]);
    for (const english of forms ? forms.values() : [defaultStrings[key]]) {
      const translated = pluralForms(translation[key]);
      if ([...(translated?.values() ?? [translation[key]])].includes(english)) continue;
      const source = english.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+');
      patterns.push([key, new RegExp(`^${source}$`, 'i')]);
    }
  }
  return patterns;
}

async function expectNoEnglish(page: Page, translation: Translation, when: string) {
  const patterns = englishPatterns(translation);
  const left = (await widgetTexts(page)).flatMap((text) =>
    patterns.filter(([, pattern]) => pattern.test(text)).map(([key]) => `${key}: "${text}"`),
  );
  expect(left, `English left ${when}`).toEqual([]);
}

/** Kept in the test's output folder as well as the report: the pictures of each language stay after the run. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function talk(page: Page) {
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  await composer(page).fill('hello');
  await composer(page).press('Enter');
  await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'delivered');
  await expect(botMessages(page).last()).toBeVisible();
}

const LOCALES = { de: 'de-DE', ar: 'ar-EG', ja: 'ja-JP', pl: 'pl-PL', fi: 'fi-FI' } as const;

for (const [tag, locale] of Object.entries(LOCALES)) {
  test.describe(`a browser in ${locale}`, () => {
    test.use({ locale });

    test(`shows the widget's texts in ${tag}, closed and open, ${tag === 'ar' ? 'right to left' : 'left to right'}, with no English left`, async ({
      page,
      request,
    }, testInfo) => {
      const translation = await translationOf(tag);
      await emulator(request).reset();
      const files: string[] = [];
      page.on('request', (r) => new URL(r.url()).pathname.startsWith('/dist/') && files.push(new URL(r.url()).pathname));
      await page.goto(PAGE);
      await expect(launcher(page)).toHaveAttribute('aria-label', translation.openChat);
      await expectNoEnglish(page, translation, 'on the closed launcher');
      // Named in the language by the loader alone: without intent, nothing more is fetched.
      await page.waitForTimeout(500);
      expect(files).toEqual(['/dist/parley.js']);

      await launcher(page).click();
      await expect(composer(page)).toHaveAttribute('placeholder', translation.messagePlaceholder);
      expect(files.map((file) => file.replace(/\.[\w-]+\.js$/, ''))).toEqual([
        '/dist/parley.js',
        '/dist/parley-chat',
        '/dist/parley-languages',
        `/dist/parley-${tag}`,
      ]);
      await talk(page);
      await expectNoEnglish(page, translation, 'in the open panel');
      const panel = page.locator('parley-chat [part~="panel"]');
      expect(await panel.evaluate((element) => getComputedStyle(element).direction)).toBe(tag === 'ar' ? 'rtl' : 'ltr');
      // Times as the language writes them.
      const time = page.locator('parley-chat [part~="message"] time').first();
      const [shownTime, expectedTime] = await time.evaluate(
        (element, language) => [
          element.textContent,
          new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date((element as HTMLTimeElement).dateTime)),
        ],
        tag,
      );
      expect(shownTime).toBe(expectedTime);
      await attachScreenshot(page, testInfo, `${tag}-open`);

      // Closed again, a reply counted on the launcher in the language's words.
      await page.locator('parley-chat [part~="close"]').click();
      const threadId = await widget(page).evaluate((element) => (element as HTMLElement & { threadId?: string }).threadId!);
      const frame = {
        type: 'message.received',
        payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: 'One more thing' } }] }] },
      };
      await emulator(request).control('push', { threadId, frame });
      await expect(page.locator('parley-chat #parley-unread')).toHaveText(formatIn(tag, translation.unread, { count: 1 }));
      await expect(launcher(page)).toHaveAttribute('aria-label', translation.openChat);
      await expectNoEnglish(page, translation, 'on the closed launcher with an unread message');
      await attachScreenshot(page, testInfo, `${tag}-closed`);

      if (tag === 'ar' || tag === 'ja') {
        await launcher(page).click();
        await expect(composer(page)).toBeVisible();
        const result = await new AxeBuilder({ page }).include('parley-chat').analyze();
        const serious = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      }
    });
  });
}

/** Every button, badge and status line of the widget whose text is wider than its box. */
function overflowing(page: Page): Promise<string[]> {
  return widget(page).evaluate((element) =>
    [...element.shadowRoot!.querySelectorAll<HTMLElement>('button, [part~="badge"], [part~="status"], .delivery')]
      .filter((control) => control.offsetParent !== null && control.scrollWidth > control.clientWidth + 1)
      .map(
        (control) =>
          `${control.getAttribute('part') ?? control.className}: "${control.textContent}" (${control.scrollWidth} > ${control.clientWidth})`,
      ),
  );
}

for (const [tag, locale] of [
  ['de', 'de-DE'],
  ['fi', 'fi-FI'],
  ['ru', 'ru-RU'],
] as const) {
  test.describe(`a phone 320 px wide in ${locale}`, () => {
    test.use({ locale, viewport: { width: 320, height: 640 } });

    test(`fits every text of ${tag} in its control: failed message, notice, reconnecting, badge`, async ({ page, request }, testInfo) => {
      const translation = await translationOf(tag);
      const service = emulator(request);
      await service.reset();
      await page.goto(PAGE);
      await launcher(page).click();
      await talk(page);
      // A message the service refuses: "Not delivered", its two buttons and the notice.
      await service.control('refuse', { sends: 1, message: 'refused by the test' });
      await composer(page).fill('refuse me');
      await composer(page).press('Enter');
      await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'failed');
      await expect(page.locator('parley-chat [part~="discard"]')).toHaveText(translation.discard);
      // The service down: "Reconnecting in … s" and "Retry now".
      await service.control('address', { fail: 1000, status: 503 });
      await service.control('drop', { terminate: true });
      await expect(page.locator('parley-chat [part~="retry-now"]')).toHaveText(translation.retryNow);
      expect(await overflowing(page)).toEqual([]);
      await attachScreenshot(page, testInfo, `${tag}-320px`);
      await service.control('address', { fail: 0 });
      // Its own timer may reconnect first: the button is then gone.
      await page
        .locator('parley-chat [part~="retry-now"]')
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await expect(widget(page)).toHaveAttribute('data-connection', 'open', { timeout: 15_000 });
      // Closed with unread messages: the badge.
      await page.locator('parley-chat [part~="close"]').click();
      const threadId = await widget(page).evaluate((element) => (element as HTMLElement & { threadId?: string }).threadId!);
      for (let i = 0; i < 12; i++) {
        // To the open socket: the new one has sent nothing on the thread yet.
        await service.control('push', {
          frame: {
            type: 'message.received',
            payload: { threadId, messages: [{ responses: [{ type: 'text', payload: { text: `News ${i}` } }] }] },
          },
        });
      }
      await expect(page.locator('parley-chat [part~="badge"]')).toHaveText('12');
      expect(await overflowing(page)).toEqual([]);
      // The panel's menu and its confirmation, inside the phone's window.
      await launcher(page).click();
      await page.getByRole('button', { name: translation.moreOptions }).click();
      const menu = page.getByRole('menu', { name: translation.moreOptions });
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(await overflowing(page)).toEqual([]);
      await menu.getByRole('menuitem', { name: translation.deleteConversation }).click();
      await expect(page.getByRole('alertdialog', { name: translation.deleteConversation })).toContainText(translation.deleteExplanation);
      expect(await overflowing(page)).toEqual([]);
      await attachScreenshot(page, testInfo, `${tag}-320px-menu`);
    });
  });
}

test('`language` changed on a live element switches the texts in place: the socket stays open, the transcript stays', async ({
  page,
  request,
}) => {
  const [de, ja] = [await translationOf('de'), await translationOf('ja')];
  const service = emulator(request);
  await service.reset();
  await page.goto(`${PAGE}&language=de`);
  await launcher(page).click();
  await expect(composer(page)).toHaveAttribute('placeholder', de.messagePlaceholder);
  await talk(page);
  const addresses = (await service.state()).addressRequests.length;
  const states: string[] = [];
  await page.exposeFunction('recordState', (state: string) => states.push(state));
  await widget(page).evaluate((element) =>
    element.addEventListener('parley:connection', (event) =>
      (window as unknown as { recordState(s: string): void }).recordState((event as CustomEvent<{ state: string }>).detail.state),
    ),
  );

  await widget(page).evaluate((element) => element.setAttribute('language', 'ja'));
  await expect(composer(page)).toHaveAttribute('placeholder', ja.messagePlaceholder);
  await expect(page.locator('parley-chat [part~="close"]')).toHaveAttribute('aria-label', ja.closeChat);
  await expect(launcher(page)).toHaveAttribute('aria-label', ja.openChat);
  await expectNoEnglish(page, ja, 'after the switch');
  expect(await widget(page).getAttribute('data-connection')).toBe('open');
  expect(states).toEqual([]);
  expect((await service.state()).addressRequests).toHaveLength(addresses);
  await expect(userBubbles(page)).toHaveCount(1);
  await expect(userBubbles(page).first()).toContainText('hello');
  // The next message says it is in Japanese.
  await composer(page).fill('こんにちは');
  await composer(page).press('Enter');
  await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'delivered');
  const sends = await service.sends();
  expect(sends.at(-1)).toMatchObject({ metadata: { language: 'ja' } });
});

test('a language file that answers 404: English shows, the console says why, no uncaught error, the chat works', async ({ page }) => {
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.route('**/dist/parley-fi.*.js', (route) => route.fulfill({ status: 404, body: 'not here' }));
  await page.goto(`${PAGE}&language=fi`);
  await launcher(page).click();
  await expect(composer(page)).toHaveAttribute('placeholder', defaultStrings.messagePlaceholder);
  await talk(page);
  expect(
    warnings.some((text) => /"fi" texts could not be loaded, so the chat shows English: .*answers 404/.test(text)),
    warnings.join('\n'),
  ).toBe(true);
  expect(errors).toEqual([]);
});

test("the languages' table: never fetched in English, once for a page's languages; when it fails, English shows and the next language tries again", async ({
  page,
}) => {
  const tables: string[] = []; // fetched and served (a failed one is fetched again to say why)
  let failTable = false;
  await page.route('**/dist/parley-languages.*.js', (route) => {
    if (failTable) return route.fulfill({ status: 404, body: 'not here' });
    tables.push(route.request().url());
    return route.continue();
  });
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(`${PAGE}&language=en`);
  await launcher(page).click();
  await expect(composer(page)).toHaveAttribute('placeholder', defaultStrings.messagePlaceholder);
  expect(tables).toHaveLength(0);
  // The table fails: English stays, the console says why.
  failTable = true;
  await widget(page).evaluate((element) => element.setAttribute('language', 'de'));
  await expect
    .poll(() => warnings.some((text) => /"de" texts could not be loaded, so the chat shows English: .*parley-languages.*404/.test(text)))
    .toBe(true);
  await expect(composer(page)).toHaveAttribute('placeholder', defaultStrings.messagePlaceholder);
  // It works again: German, then Polish with the table already here.
  failTable = false;
  await widget(page).evaluate((element) => element.setAttribute('language', 'pl'));
  await expect(composer(page)).toHaveAttribute('placeholder', (await translationOf('pl')).messagePlaceholder);
  await widget(page).evaluate((element) => element.setAttribute('language', 'de'));
  await expect(composer(page)).toHaveAttribute('placeholder', (await translationOf('de')).messagePlaceholder);
  expect(tables).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('connection trouble in German: no status code, no address, no English in the panel; the reason in the console and parley:error once per change', async ({
  page,
  request,
}) => {
  const consoleLines: string[] = [];
  // The widget's own lines (the browser adds its "Failed to load resource" for each attempt).
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && m.text().startsWith('[parley]') && consoleLines.push(m.text()));
  await emulator(request).control('address', { fail: 1000, status: 503 });
  await page.goto(`${PAGE}&language=de`);
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { parleyErrors: string[] }).parleyErrors = []);
    document.addEventListener('parley:error', (event) => seen.push((event as CustomEvent<{ message: string }>).detail.message));
  });
  await launcher(page).click();
  const addressRequests = async () => (await emulator(request).state()).addressRequests.length;
  await expect.poll(addressRequests, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await emulator(request).control('address', { fail: 0, networkError: 1000 });
  await expect.poll(() => consoleLines.filter((line) => line.includes('could not reach')).length, { timeout: 20_000 }).toBe(1);
  // More retries, told to nobody (forced with "Retry now": the backoff's gaps grow to 30 s).
  for (let i = 0; i < 2; i++) {
    const retried = await addressRequests();
    await page.locator('parley-chat [part~="retry-now"]').click();
    await expect.poll(addressRequests, { timeout: 10_000 }).toBeGreaterThan(retried);
  }

  const header = page.locator('parley-chat [part~="header"]');
  await expect(header).toContainText('Deine Nachrichten sind gespeichert');
  const shown = (await widgetTexts(page)).join('\n');
  expect(shown).not.toMatch(/503|http|127\.0\.0\.1|socket\.info/i);
  await expectNoEnglish(page, await translationOf('de'), 'while the connection is retried');

  const parleyErrors = await page.evaluate(() => (window as unknown as { parleyErrors: string[] }).parleyErrors);
  expect(
    parleyErrors.filter((message) => message.includes('503')),
    parleyErrors.join('\n'),
  ).toHaveLength(1);
  expect(
    parleyErrors.filter((message) => message.includes('could not reach')),
    parleyErrors.join('\n'),
  ).toHaveLength(1);
  expect(
    consoleLines.filter((line) => line.includes('503')),
    consoleLines.join('\n'),
  ).toHaveLength(1);
});

test('day separators under a fixed clock: the date, "Yesterday", "Today", in English and then German', async ({ page }) => {
  const day = (daysAgo: number) => new Date(2026, 10, 25 - daysAgo, 10, 0); // the browser's time zone is this machine's
  const separators = page.locator('parley-chat [part~="day-separator"]');
  await page.clock.setFixedTime(day(7));
  await page.goto(`${PAGE}&language=en`);
  await launcher(page).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
  for (const [daysAgo, text] of [
    [7, 'last week'],
    [1, 'yesterday'],
    [0, 'today'],
  ] as const) {
    await page.clock.setFixedTime(day(daysAgo));
    await composer(page).fill(text);
    await composer(page).press('Enter');
    await expect(userBubbles(page).last()).toHaveAttribute('data-status', 'delivered');
  }
  const date = (language: string) => new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(day(7));
  await expect(separators).toHaveText([date('en'), 'Yesterday', 'Today']);
  await widget(page).evaluate((element) => element.setAttribute('language', 'de'));
  await expect(separators).toHaveText([date('de'), 'Gestern', 'Heute']);
  // A message of another day is heard with its date; today's with its time only.
  const heard = await userBubbles(page).evaluateAll((messages) => messages.map((m) => m.querySelector('time')!.textContent));
  expect(heard[0]).toContain(date('de'));
  expect(heard[1]).toMatch(/^Gestern, /);
  expect(heard[2]).toMatch(/^\d\d:\d\d$/);
});

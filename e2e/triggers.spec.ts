// The site's own triggers in a real browser, through the one line: launcher="none", any element
// with data-parley-open (its value a draft), open({ draft }), and focus back to the opener.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { emulator } from './support/emulator.ts';

const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const dialog = (page: Page) => page.getByRole('dialog');

async function load(page: Page, query: Record<string, string> = {}): Promise<void> {
  const params = new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', ...query });
  await page.goto(`/e2e/pages/widget.html?${params}`);
  await page.waitForFunction(() => customElements.get('parley-chat') && document.querySelector('parley-chat'));
}

/** The page's own "Ask about this order" link, before the chat file has loaded. */
async function addPageTrigger(page: Page, draft: string): Promise<void> {
  await page.evaluate((value) => {
    const link = Object.assign(document.createElement('a'), { href: '#order', id: 'ask', textContent: 'Ask about this order' });
    link.setAttribute('data-parley-open', value);
    document.querySelector('main')!.append(link);
  }, draft);
}

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('launcher="none": no floating button; the page\'s own link opens the panel with its draft, focus comes back to it', async ({
  page,
  request,
}) => {
  await load(page, { launcher: 'none' });
  await addPageTrigger(page, 'About order 1234: ');
  await expect(page.locator('parley-chat [part~="launcher"]')).toBeHidden();
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /parley-chat\./.test(entry.name)))).toBe(false);

  await page.locator('#ask').click();
  await expect(dialog(page)).toBeVisible();
  await expect(composer(page)).toHaveValue('About order 1234: ');
  await expect(composer(page)).toBeFocused();
  expect(page.url()).not.toContain('#order'); // the link's own navigation did not happen
  expect(await composer(page).evaluate((box: HTMLTextAreaElement) => [box.selectionStart, box.selectionEnd])).toEqual([18, 18]);

  // A draft is not sent: the visitor finishes it.
  await composer(page).pressSequentially('where is it?');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator('#ask')).toBeFocused();
  expect(await emulator(request).sends()).toEqual([]);

  // The same link again keeps what the visitor added to its draft.
  await page.locator('#ask').click();
  await expect(composer(page)).toHaveValue('About order 1234: where is it?');
  await composer(page).press('Enter');
  await expect
    .poll(async () => (await emulator(request).sends()).map((payload) => payload.speech))
    .toEqual(['About order 1234: where is it?']);
});

test("with the default launcher too; open({ draft }) from the page's script does the same", async ({ page }) => {
  await load(page);
  await expect(launcher(page)).toBeVisible();
  await addPageTrigger(page, '');
  await page.locator('#ask').click();
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue('');
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.locator('#ask')).toBeFocused();

  await page.locator('#page-button').focus();
  await page.evaluate(() => document.querySelector('parley-chat')!.open({ draft: 'I would like to book a service' }));
  await expect(composer(page)).toHaveValue('I would like to book a service');
  await expect(composer(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('#page-button')).toBeFocused();
});

test('the demo page: "Chat with us" in its header and "ask about the City 3" open the chat', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'ask about the City 3' }).click();
  await expect(composer(page)).toHaveValue('Is the City 3 available in size L? ');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'ask about the City 3' })).toBeFocused();
  await page.getByRole('link', { name: 'Chat with us' }).click();
  await expect(dialog(page)).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});

const teaser = (page: Page) => page.locator('parley-chat [part~="teaser"]');
const fetched = (page: Page, file: RegExp) =>
  page.evaluate((source) => performance.getEntriesByType('resource').some((entry) => new RegExp(source).test(entry.name)), file.source);

test('the teaser: its own file only on pages with one, after its delay, announced, opening the panel', async ({ page }) => {
  await load(page);
  await expect(launcher(page)).toBeVisible();
  await page.waitForTimeout(300);
  expect(await fetched(page, /parley-layouts\./)).toBe(false); // a page without a teaser pays nothing

  await load(page, { teaser: 'Need help choosing a bike?', 'teaser-delay': '1' });
  await expect(teaser(page)).toBeVisible();
  await expect(teaser(page)).toHaveText('Need help choosing a bike?');
  await expect(page.locator('parley-chat [role="status"]').filter({ hasText: 'Need help choosing a bike?' })).toHaveCount(1);
  expect(await fetched(page, /parley-layouts\./)).toBe(true);
  expect(await fetched(page, /parley-chat\./)).toBe(false); // no chat file, no connection
  await expect(page.locator('body')).toBeFocused();
  const axe = await new AxeBuilder({ page }).include('parley-chat').analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  await teaser(page).getByText('Need help choosing a bike?').click();
  await expect(dialog(page)).toBeVisible();
  await expect(teaser(page)).toHaveCount(0);
});

test('the teaser dismissed stays away for the browser session; reduced motion draws it without animation', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await load(page, { teaser: 'Need help choosing a bike?', 'teaser-delay': '0' });
  await expect(teaser(page)).toBeVisible();
  expect(await teaser(page).evaluate((bubble) => getComputedStyle(bubble).animationName)).toBe('none');
  await page.locator('parley-chat [part~="teaser-dismiss"]').click();
  await expect(teaser(page)).toHaveCount(0);
  await load(page, { teaser: 'Need help choosing a bike?', 'teaser-delay': '0' });
  await page.waitForTimeout(500);
  await expect(teaser(page)).toHaveCount(0);
  // The site's own moment, with the same rules: dismissed, it stays away.
  await page.evaluate(() => document.querySelector('parley-chat')!.showTeaser('Before you go?'));
  await page.waitForTimeout(300);
  await expect(teaser(page)).toHaveCount(0);
});

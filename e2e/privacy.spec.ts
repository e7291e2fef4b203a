// Issue 30 in real Chromium against the emulator: what each storage mode leaves in the browser
// (IndexedDB, localStorage, sessionStorage: read directly, not through the widget), a mode raised
// at run time, and forget() from one tab emptying the others.
import { expect, test, type Page } from '@playwright/test';
import type { ParleyChatElement } from '../src/index.ts';
import { emulator } from './support/emulator.ts';

const widget = (page: Page) => page.locator('parley-chat');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const userMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="user"]');
const botMessages = (page: Page) => page.locator('parley-chat [part~="message"][data-from="bot"]');

async function load(page: Page, query: Record<string, string> = {}): Promise<void> {
  const params = new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', ...query });
  await page.goto(`/e2e/pages/widget.html?${params}`);
  await page.waitForFunction(() => customElements.get('parley-chat') !== undefined);
}

async function openPanel(page: Page): Promise<void> {
  if (!(await composer(page).isVisible())) await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  await expect(composer(page)).toBeVisible();
}

async function chat(page: Page, text: string): Promise<void> {
  await openPanel(page);
  const replies = await botMessages(page).count();
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(userMessages(page).filter({ hasText: text })).toBeVisible();
  // The bot answered: what the widget writes for the exchange is written.
  await expect.poll(() => botMessages(page).count()).toBeGreaterThan(replies);
}

/** What this origin holds, read from the page: databases, the widget's records, Web Storage keys. */
function storedIn(page: Page) {
  return page.evaluate(async () => {
    const databases = (await indexedDB.databases()).map((db) => db.name);
    let records = 0;
    if (databases.includes('parley')) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      records = await new Promise<number>((resolve) => {
        const count = db.transaction('conversations').objectStore('conversations').count();
        count.onsuccess = () => resolve(count.result);
      });
      db.close();
    }
    return { databases, records, local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage).sort() };
  });
}

const nothing = { databases: [], records: 0, local: [], session: [] };

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

test('a page view without intent stores nothing, in any mode', async ({ page }) => {
  for (const storage of ['local', 'session', 'memory']) {
    await load(page, { storage });
    await page.waitForTimeout(300);
    expect(await storedIn(page), storage).toEqual(nothing);
  }
});

test('storage="memory": a conversation leaves no database and no key, and a reload starts over', async ({ page }) => {
  await load(page, { storage: 'memory', 'start-event': 'welcome' });
  await chat(page, 'hello from memory');
  await page.evaluate(() => dispatchEvent(new Event('pagehide'))); // what a reload writes, written now
  expect(await storedIn(page)).toEqual(nothing);
  await page.reload();
  await page.waitForFunction(() => customElements.get('parley-chat') !== undefined);
  await page.waitForTimeout(300);
  await expect(userMessages(page)).toHaveCount(0);
  expect(await storedIn(page)).toEqual(nothing);
});

test('storage="session": this tab\'s sessionStorage only, and a reload keeps the conversation', async ({ page }) => {
  await load(page, { storage: 'session' });
  await chat(page, 'hello for this session');
  await page.reload();
  await expect(userMessages(page).filter({ hasText: 'hello for this session' })).toBeVisible();
  const stored = await storedIn(page);
  expect(stored).toMatchObject({ databases: [], records: 0, local: [] });
  expect(stored.session).toContain('parley:session:e2e');
});

test('memory -> local at run time (a consent banner): the conversation stays on screen, is stored, and survives a reload', async ({
  page,
}) => {
  await load(page, { storage: 'memory' });
  await chat(page, 'before consent');
  expect(await storedIn(page)).toEqual(nothing);
  await widget(page).evaluate((el) => ((el as ParleyChatElement).storage = 'local'));
  await expect(userMessages(page).filter({ hasText: 'before consent' })).toBeVisible();
  await expect.poll(async () => (await storedIn(page)).local).toContain('parley:thread:e2e');
  // The attribute still says memory on the script tag's element: the property set it to local.
  await expect(widget(page)).toHaveAttribute('storage', 'local');
  // The next page view is the consented one: the site renders storage="local" from now on.
  await load(page, { storage: 'local' });
  await openPanel(page);
  await expect(userMessages(page).filter({ hasText: 'before consent' })).toBeVisible();
  expect((await storedIn(page)).records).toBeGreaterThan(0);
});

test('local -> memory at run time: what was stored is deleted; the conversation goes on', async ({ page }) => {
  await load(page);
  await chat(page, 'stored first');
  expect((await storedIn(page)).records).toBeGreaterThan(0);
  await widget(page).evaluate((el) => ((el as ParleyChatElement).storage = 'memory'));
  await expect.poll(async () => (await storedIn(page)).records).toBe(0);
  const stored = await storedIn(page);
  expect({ local: stored.local, session: stored.session }).toEqual({ local: [], session: [] });
  await chat(page, 'still talking');
  expect((await storedIn(page)).records).toBe(0);
});

test('forget() in one tab empties every tab and the browser; the next message starts a new thread', async ({ context, request }) => {
  const [first, second] = [await context.newPage(), await context.newPage()];
  await load(first);
  await chat(first, 'my order is 1234');
  await load(second);
  await openPanel(second);
  await expect(userMessages(second).filter({ hasText: 'my order is 1234' })).toBeVisible();
  const oldThread = await widget(first).evaluate((el) => (el as ParleyChatElement).threadId);

  await widget(second).evaluate((el) => (el as ParleyChatElement).forget());
  for (const page of [first, second]) {
    await expect(userMessages(page)).toHaveCount(0);
    await expect(widget(page)).not.toHaveAttribute('data-connection', 'open');
  }
  for (const page of [first, second]) await page.evaluate(() => dispatchEvent(new Event('pagehide')));
  for (const page of [first, second]) {
    const stored = await storedIn(page);
    expect({ records: stored.records, local: stored.local, session: stored.session }).toEqual({ records: 0, local: [], session: [] });
  }
  await expect.poll(async () => (await emulator(request).state()).connections.filter((connection) => !connection.closedAt)).toHaveLength(0);
  // The pages come back (as from the back/forward cache): a page that stays hidden holds no lock,
  // and a message from it would wait for a silent holder's take-over before it could go.
  for (const page of [first, second]) await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));

  await chat(first, 'a new start');
  const newThread = await widget(first).evaluate((el) => (el as ParleyChatElement).threadId);
  expect(newThread).not.toBe(oldThread);
  await expect(userMessages(second).filter({ hasText: 'a new start' })).toBeVisible();
  await expect(userMessages(second)).toHaveCount(1);
});

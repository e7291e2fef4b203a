// The one line on pages that are not the demo's: Trusted Types (allowed and refused), a sandboxed
// frame (an opaque origin), a cross-site frame whose storage the browser denies, and storage
// blocked by the browser's settings ("Block all cookies", a real Chromium profile). Whatever the
// browser refuses, the chat works, the page never freezes and gets no uncaught error, and the
// console says what was refused once. The pages are e2e/site/*.html, served byte for byte.
import { chromium, expect, test, type ConsoleMessage, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, systemChromium } from './support/chromium.ts';
import { emulator } from './support/emulator.ts';
import { longestMainThreadTask } from './support/main-thread.ts';

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

type Scope = Page | FrameLocator;

/** Console lines of the widget, from the page and its frames. */
function parleyConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.text().startsWith('[parley]')) lines.push(`${message.type()}: ${message.text()}`);
  });
  return lines;
}

/** Uncaught errors Playwright sees in the page or any of its frames. */
function uncaught(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

interface Watched {
  cspViolations: string[];
  pageErrors: string[];
  lockRequests: number;
  loaded: boolean;
}
/** What e2e/site/page-watch.js saw in that document. */
const watched = (frame: Page | Frame): Promise<Watched> =>
  frame.evaluate(() => {
    const w = window as unknown as Watched;
    return { cspViolations: w.cspViolations, pageErrors: w.pageErrors, lockRequests: w.lockRequests, loaded: w.loaded };
  });

/** The longest task of that document so far (longtask entries, buffered), in ms. */
const longestTask = (frame: Page | Frame) =>
  frame.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let longest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        setTimeout(() => resolve(Math.round(longest)), 100);
      }),
  );

/** Opens the chat in `scope`, sends a message, and waits for it to be delivered and answered. */
async function chat(scope: Scope, names = { open: 'Open chat', message: 'Message' }): Promise<void> {
  await scope.getByRole('button', { name: names.open, exact: true }).click();
  const composer = scope.getByRole('textbox', { name: names.message });
  await composer.fill('hello from a hard page');
  await composer.press('Enter');
  const user = scope.locator('parley-chat [part~="message"][data-from="user"]').last();
  await expect(user).toHaveAttribute('data-status', 'delivered', { timeout: 10_000 });
  await expect(scope.locator('parley-chat [part~="message"][data-from="bot"]').first()).toBeVisible({ timeout: 10_000 });
}

test('Trusted Types: with trusted-types parley the chat and its language file load, with zero violations', async ({ page }) => {
  const errors = uncaught(page);
  const lines = parleyConsole(page);
  await page.goto('/e2e/site/trusted-types.html');
  await chat(page, { open: 'Ouvrir le chat', message: 'Message' });
  await expect(page.getByRole('button', { name: 'Envoyer' })).toBeVisible();
  const seen = await watched(page);
  expect(seen.cspViolations).toEqual([]);
  expect(seen.pageErrors).toEqual([]);
  expect(errors).toEqual([]);
  expect(lines.filter((line) => line.startsWith('error'))).toEqual([]);
});

test('Trusted Types without the parley policy: the panel says the chat is unavailable and the console what to add', async ({ page }) => {
  const errors = uncaught(page);
  const lines = parleyConsole(page);
  await page.goto('/e2e/site/trusted-types-refused.html');
  await page.getByRole('button', { name: 'Open chat', exact: true }).click();
  const error = page.locator('parley-chat [part~="error"]');
  await expect(error).toBeVisible();
  await expect(error).toContainText('The chat could not be loaded.');
  const said = () => lines.filter((line) => line.includes('trusted-types parley')).length;
  await expect.poll(said).toBeGreaterThan(0);
  expect(lines.find((line) => line.includes('trusted-types parley'))).toContain('does not allow the policy "parley"');
  // "Try again" is refused the same way, and says so again; the launcher still closes the panel.
  const before = said();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(said).toBeGreaterThan(before);
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.getByRole('button', { name: 'Open chat', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  expect((await watched(page)).pageErrors).toEqual([]);
});

/**
 * The framed page, loaded by `load`: it loads, answers at once, chats, and says once what the
 * browser refused; no task of the page or the frame takes 250 ms of CPU (support/main-thread.ts:
 * Chromium's trace, from the page's load on; the frame's Long Tasks figure, wall time, is printed).
 */
async function framedPageWorks(page: Page, load: () => Promise<Frame>, lines: string[], errors: string[]): Promise<void> {
  let answered = 0;
  let frame!: Frame;
  const traced = await longestMainThreadTask(page, async () => {
    frame = await load();
    await expect.poll(async () => (await watched(frame)).loaded, { message: "the frame's load event" }).toBe(true);
    await chat(page.frameLocator('iframe'));
    // The frame's own button still answers at once: its main thread is free.
    const started = Date.now();
    await frame.evaluate(() => document.getElementById('page-button')!.click());
    answered = Date.now() - started;
  });
  expect(answered).toBeLessThan(1_000);
  const seen = await watched(frame);
  const task = await longestTask(frame);
  console.log(
    `framed page: load event seen, the page answered in ${answered} ms, longest task ${task} ms (${traced.cpu} ms of CPU), ${seen.lockRequests} Web Lock request(s)`,
  );
  expect(seen.pageErrors).toEqual([]);
  expect(errors).toEqual([]);
  expect(seen.lockRequests).toBeLessThan(2);
  expect(traced.cpu, `the longest task's CPU time (${traced.wall} ms of wall time)`).toBeLessThan(250);
  const refusals = lines.filter((line) => line.includes('this browser refuses'));
  expect(refusals, lines.join('\n')).toHaveLength(1);
  expect(lines.filter((line) => line.includes('storage failed'))).toEqual([]);
}

test('in a sandboxed frame (an opaque origin) the chat works in memory and the frame never freezes', async ({ page }) => {
  const errors = uncaught(page);
  const lines = parleyConsole(page);
  await framedPageWorks(
    page,
    async () => {
      await page.goto('/e2e/site/sandboxed.html');
      const frame = page.frames().find((f) => f.url().endsWith('/e2e/site/frame.html'))!;
      expect(await frame.evaluate(() => origin)).toBe('null');
      return frame;
    },
    lines,
    errors,
  );
  expect(lines.find((line) => line.includes('this browser refuses'))).toMatch(/localStorage.*IndexedDB.*Web Locks|IndexedDB.*Web Locks/);
});

test('in a cross-site frame whose storage the browser denies, the chat works in memory and the frame never freezes', async ({
  page,
  baseURL,
}) => {
  const errors = uncaught(page);
  const lines = parleyConsole(page);
  const load = async () => {
    // The page on localhost frames the widget's page from 127.0.0.1: another site.
    await page.goto(`${baseURL!.replace('127.0.0.1', 'localhost')}/e2e/site/cross-site.html`);
    await expect.poll(() => page.frames().length).toBe(2);
    const frame = page.frames()[1]!;
    await frame.waitForLoadState('domcontentloaded');
    const denied = await frame.evaluate(() => {
      try {
        return typeof localStorage === 'object' ? 'allowed' : 'none';
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(denied, "this Chromium denies a cross-site frame's storage").toBe('SecurityError');
    return frame;
  };
  await framedPageWorks(page, load, lines, errors);
});

test('with storage blocked by the browser ("Block all cookies"), the chat works and the page gets no uncaught error', async ({
  baseURL,
}) => {
  // A real profile whose content settings block cookies: Web Storage getters throw, IndexedDB and
  // Web Locks are denied, as a visitor's browser does.
  const profile = mkdtempSync(join(tmpdir(), 'parley-blocked-'));
  mkdirSync(join(profile, 'Default'));
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }));
  const context = await chromium.launchPersistentContext(profile, {
    ...(systemChromium ? { executablePath: systemChromium } : {}),
    args: chromiumArgs,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = uncaught(page);
    const lines = parleyConsole(page);
    await page.goto(`${baseURL}/e2e/site/frame.html`);
    expect(
      await page.evaluate(() => {
        try {
          return typeof localStorage;
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe('SecurityError');
    await chat(page);
    // A reload starts over (nothing could be kept), with no error either.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Open chat', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Open chat', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    const seen = await watched(page);
    expect(seen.pageErrors).toEqual([]);
    expect(errors).toEqual([]);
    expect(seen.lockRequests).toBeLessThan(2);
    expect(lines.filter((line) => line.includes('this browser refuses')).length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.includes('storage failed'))).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// What the widget specs (widget*.spec.ts) share: their page, e2e/pages/widget.html, and the element
// on it opened and spoken to (say sends without waiting for delivery, unlike widget.ts's).
import { expect, type Page } from '@playwright/test';
import { launcher } from './widget.ts';

export const widget = (page: Page) => page.locator('parley-chat');
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The widget page, the element's attributes from `query` (client e2e on the emulator by default). */
export async function load(page: Page, query: Record<string, string> = {}): Promise<void> {
  const params = new URLSearchParams({ 'client-id': 'e2e', 'base-url': '/parley-emulator', ...query });
  await page.goto(`/e2e/pages/widget.html?${params}`);
  await page.waitForFunction(() => customElements.get('parley-chat') !== undefined);
}

/** Opens the panel and waits for its socket. */
export async function openChat(page: Page): Promise<void> {
  await launcher(page).click();
  await expect(widget(page)).toHaveAttribute('data-connection', 'open');
}

/** Types `text` and sends it with Enter. */
export async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

// The widget as the visitor finds it on an e2e page: its launcher, composer and messages by the
// names and parts the widget contract gives them, and one message said and delivered.
import { expect, type Page } from '@playwright/test';

export const launcher = (page: Page) => page.getByRole('button', { name: 'Open chat', exact: true });
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
export const messages = (page: Page, from?: 'user' | 'bot' | 'agent') =>
  page.locator(from ? `parley-chat [part~="message"][data-from="${from}"]` : 'parley-chat [part~="message"]');
export const threadIdOf = (page: Page) => page.locator('parley-chat').evaluate((el) => (el as unknown as { threadId: string }).threadId);

/** Types `text`, sends it with Enter and waits until the service has it. */
export async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page, 'user').last()).toHaveAttribute('data-status', 'delivered');
}

// The steps the engines layer's scenarios are made of, written once against the driver (driver.ts).
import { WIDGET, waitFor, type Download, type Engine, type EnginePage } from './driver.ts';
import type { EmulatorControl } from './emulator-control.ts';

export interface ScenarioContext {
  engine: Engine['name'];
  page: EnginePage;
  /** The files downloaded since the last call, where the driver can read them. */
  takeDownloads?: () => Promise<Download[]>;
  emulator: EmulatorControl;
  /** The customer's page, on its own origin, with the one line for the widget's origin (`page`: another page of e2e/site). */
  site(query?: Record<string, string>, page?: string): string;
  /** Where the widget and the service come from (the emulator's media: `${widgetOrigin}/parley-emulator/media/…`). */
  widgetOrigin: string;
}

export interface Scenario {
  name: string;
  /** Resolves with a remark for the report (what this engine did differently), or nothing. */
  run(t: ScenarioContext): Promise<string | void>;
}

export const LAUNCHER = '[part~="launcher"]';

export async function until(page: EnginePage, state: string, timeoutMs = 15_000) {
  await waitFor(page, `${WIDGET} return widget()?.dataset.connection === arguments[0];`, `data-connection="${state}"`, timeoutMs, state);
}

/** The visitor's bubbles as "text:status". */
const userLines = (page: EnginePage) =>
  page.run<string[]>(
    `${WIDGET} return [...(widget()?.shadowRoot?.querySelectorAll('[part~="message"][data-from="user"]') ?? [])].map((m) => m.querySelector('[part~="bubble"]')?.textContent + ':' + m.querySelector('[data-status]')?.dataset.status);`,
  );

export async function linesAre(page: EnginePage, expected: string[], timeoutMs = 15_000) {
  await waitFor(
    page,
    `${WIDGET} const lines = [...widget().shadowRoot.querySelectorAll('[part~="message"][data-from="user"]')].map((m) => m.querySelector('[part~="bubble"]')?.textContent + ':' + m.querySelector('[data-status]')?.dataset.status); return JSON.stringify(lines) === arguments[0];`,
    async () => `the visitor's messages ${JSON.stringify(expected)} (at the end ${JSON.stringify(await userLines(page))})`,
    timeoutMs,
    JSON.stringify(expected),
  );
}

/** The customer's page in this tab, the panel opened by a click, the socket open. */
export async function openPanel(t: ScenarioContext, query: Record<string, string> = {}, sitePage?: string, page = t.page) {
  await page.goto(t.site(query, sitePage));
  await page.click(LAUNCHER);
  await until(page, 'open');
}

export async function say(page: EnginePage, text: string) {
  await page.type('textarea', text, true);
}

/** The bot's reply to the visitor's first message has been drawn. */
export async function botReplied(page: EnginePage) {
  await waitFor(page, `${WIDGET} return !!inWidget('[part~="message"][data-from="bot"]');`, "the bot's reply");
}

/** The bot sends one message holding these responses (templates). */
export async function botSends(t: ScenarioContext, responses: unknown[]) {
  const threadId = await t.page.run<string>(`${WIDGET} return widget().threadId;`);
  const frame = {
    type: 'message.received',
    payload: { threadId, originator: { name: 'Parley Bot', role: 'bot' }, messages: [{ fallback: 'A rich answer', responses }] },
  };
  await t.emulator.control('push', { threadId, frame });
}

/** No animation or transition of the widget is running (the panel has slid in, bubbles faded in). */
export async function settled(page: EnginePage) {
  await waitFor(
    page,
    `${WIDGET} const root = widget()?.shadowRoot; return !!root && root.getAnimations().every((a) => a.playState !== 'running');`,
    "the widget's animations finished",
    5_000,
  );
}

export function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The contract's core, written once for every engine of the layer (driver.ts). Each scenario
// gets a fresh page (its own storage) on a customer's site whose widget and service come from
// another origin, and a reset emulator.
import { WIDGET, waitFor, type EnginePage } from './driver.ts';
import type { Mock } from './mock.ts';

export interface ScenarioContext {
  page: EnginePage;
  mock: Mock;
  /** The customer's page, on its own origin, with the one line for the widget's origin (`page`: another page of e2e/site). */
  site(query?: Record<string, string>, page?: string): string;
}

export interface Scenario {
  name: string;
  run(t: ScenarioContext): Promise<void>;
}

async function until(page: EnginePage, state: string, timeoutMs = 15_000) {
  await waitFor(page, `${WIDGET} return widget()?.dataset.connection === arguments[0];`, `data-connection="${state}"`, timeoutMs, state);
}

/** The visitor's bubbles as "text:status". */
const userLines = (page: EnginePage) =>
  page.run<string[]>(`${WIDGET} return [...(widget()?.shadowRoot?.querySelectorAll('[part~="message"][data-from="user"]') ?? [])].map((m) => m.querySelector('[part~="bubble"]')?.textContent + ':' + m.querySelector('[data-status]')?.dataset.status);`);

async function linesAre(page: EnginePage, expected: string[], timeoutMs = 15_000) {
  await waitFor(page, `${WIDGET} const lines = [...widget().shadowRoot.querySelectorAll('[part~="message"][data-from="user"]')].map((m) => m.querySelector('[part~="bubble"]')?.textContent + ':' + m.querySelector('[data-status]')?.dataset.status); return JSON.stringify(lines) === arguments[0];`, async () => `the visitor's messages ${JSON.stringify(expected)} (at the end ${JSON.stringify(await userLines(page))})`, timeoutMs, JSON.stringify(expected));
}

async function openPanel(t: ScenarioContext, query: Record<string, string> = {}, page?: string) {
  await t.page.goto(t.site(query, page));
  await t.page.click('[part~="launcher"]');
  await until(t.page, 'open');
}

async function say(page: EnginePage, text: string) {
  await page.type('textarea', text, true);
}

function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

export const SCENARIOS: Scenario[] = [
  {
    // Both browsers run with languages that have no two-letter code (Firefox: fil-PH; WebKit: the
    // C locale, navigator.language "C"): the service must get no metadata.language at all.
    name: 'connect, send, delivered, reply (no metadata.language from a browser language without a two-letter code)',
    async run(t) {
      await openPanel(t);
      await say(t.page, 'hello');
      await linesAre(t.page, ['hello:delivered']);
      await waitFor(t.page, `${WIDGET} return !!inWidget('[part~="message"][data-from="bot"]');`, "the bot's reply");
      const sends = await t.mock.sends();
      const browserLanguages = await t.page.run<string[]>('return [...navigator.languages];');
      expect(sends.length === 1, `the service took ${sends.length} messages`);
      expect(!('language' in sends[0]!.metadata!), `metadata.language ${JSON.stringify(sends[0]!.metadata!.language)} from the browser's ${JSON.stringify(browserLanguages)}`);
    },
  },
  {
    name: 'a message the service refuses: shown failed with a retry, parley:error says why, the retry delivered',
    async run(t) {
      await openPanel(t);
      await t.page.run(`window.parleyErrors = []; document.addEventListener('parley:error', (event) => parleyErrors.push(event.detail.message));`);
      await t.mock.control('refuse', { sends: 1, message: 'speech refused by the bot' });
      await say(t.page, 'too spicy');
      await linesAre(t.page, ['too spicy:failed']);
      const errors = await t.page.run<string[]>('return window.parleyErrors;');
      expect(errors.some((message) => message.includes('speech refused by the bot')), `parley:error said ${JSON.stringify(errors)}`);
      await t.page.click('[part~="retry"]');
      await linesAre(t.page, ['too spicy:delivered']);
      expect((await t.mock.sends()).length === 2, 'the service got it twice: refused, then taken');
    },
  },
  {
    name: 'the address refused once, a fresh address on retry',
    async run(t) {
      await t.mock.control('address', { fail: 1, status: 503 });
      await openPanel(t);
      const { addressRequests } = await t.mock.state();
      expect(addressRequests.map((r) => r.status).join() === '503,200', `address answers ${addressRequests.map((r) => r.status)}`);
      expect(new Set(addressRequests.map((r) => r.sessionId)).size === 2, 'a fresh sessionId for the retry');
    },
  },
  {
    name: 'the socket dropped: reconnected with a fresh address',
    async run(t) {
      await openPanel(t);
      await t.mock.control('drop', { code: 1001, reason: 'going away' });
      const deadline = Date.now() + 15_000;
      while ((await t.mock.state()).connections.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      await until(t.page, 'open');
      const { addressRequests, connections } = await t.mock.state();
      expect(connections.length === 2 && connections[0]!.closedAt !== undefined, `${connections.length} connections`);
      expect(new Set(addressRequests.map((r) => r.sessionId)).size === 2, 'a fresh address for the new socket');
    },
  },
  {
    name: 'typed while the service is down: delivered once each when it is back',
    async run(t) {
      await openPanel(t);
      await t.mock.control('address', { fail: 1000, status: 503 });
      await t.mock.control('drop', { terminate: true });
      await waitFor(t.page, `${WIDGET} return widget().dataset.connection !== 'open';`, 'the connection lost');
      await say(t.page, 'one');
      await say(t.page, 'two');
      await t.mock.control('address', { fail: 0 });
      await linesAre(t.page, ['one:delivered', 'two:delivered'], 30_000);
      const speeches = (await t.mock.sends()).map((s) => s.speech);
      expect(JSON.stringify(speeches) === '["one","two"]', `the service got ${JSON.stringify(speeches)}`);
    },
  },
  {
    name: 'reload: the same thread, the transcript back, nothing sent twice',
    async run(t) {
      await openPanel(t);
      await say(t.page, 'before the reload');
      await linesAre(t.page, ['before the reload:delivered']);
      const threadId = await t.page.run<string>(`${WIDGET} return widget().threadId;`);
      await t.page.reload();
      await until(t.page, 'open'); // a returning visitor connects at once
      await linesAre(t.page, ['before the reload:delivered']);
      expect((await t.page.run<string>(`${WIDGET} return widget().threadId;`)) === threadId, 'the same thread');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await t.mock.sends()).length === 1, 'sent once');
    },
  },
  {
    name: 'a strict Content-Security-Policy: the widget works with zero violations',
    async run(t) {
      await openPanel(t, {}, 'cross-origin-csp.html');
      await say(t.page, 'hello');
      await linesAre(t.page, ['hello:delivered']);
      await waitFor(t.page, `${WIDGET} return !!inWidget('[part~="message"][data-from="bot"]');`, "the bot's reply");
      const violations = await t.page.run<string[]>('return window.cspViolations;');
      expect(violations.length === 0, `CSP violations: ${violations.join('; ')}`);
    },
  },
  {
    name: 'a card drawn, its postback button sends its value',
    async run(t) {
      await openPanel(t);
      await say(t.page, 'hello');
      await linesAre(t.page, ['hello:delivered']);
      const threadId = await t.page.run<string>(`${WIDGET} return widget().threadId;`);
      const card = { type: 'card', payload: { title: 'Parley Pro', subtitle: '29 EUR per month', buttons: [{ type: 'postback', label: 'Choose Pro', value: 'I choose Pro' }] } };
      const frame = { type: 'message.received', payload: { threadId, messages: [{ fallback: 'A card', responses: [card] }] } };
      await t.mock.control('push', { threadId, frame });
      await waitFor(t.page, `${WIDGET} return !!inWidget('[data-template="card"] [part~="button"]');`, 'the card and its button');
      await t.page.click('[data-template="card"] [part~="button"]');
      await linesAre(t.page, ['hello:delivered', 'Choose Pro:delivered']);
      const speeches = (await t.mock.sends()).map((s) => s.speech);
      expect(speeches.at(-1) === 'I choose Pro', `the service got ${JSON.stringify(speeches)}`);
    },
  },
  {
    name: 'a phone-sized window (390×844): the composer usable',
    async run(t) {
      await t.page.setViewport(390, 844);
      await openPanel(t);
      // Once the panel has slid in: the composer inside the window.
      const inside = `${WIDGET} const r = inWidget('textarea').getBoundingClientRect(); return r.bottom <= innerHeight && r.right <= innerWidth && r.top >= 0;`;
      await waitFor(t.page, inside, 'the composer inside the window', 3_000);
      await say(t.page, 'from a phone');
      await linesAre(t.page, ['from a phone:delivered']);
    },
  },
];

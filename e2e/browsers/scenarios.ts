// The contract's core, written once for every engine of the layer (driver.ts). Each scenario
// gets a fresh browser profile on a customer's site whose widget and service come from another
// origin, and a reset emulator. The connection here; tabs and pages in their own files.
import { WIDGET, waitFor } from './driver.ts';
import { PAGE_SCENARIOS } from './scenarios-page.ts';
import { PRIVACY_SCENARIOS } from './scenarios-privacy.ts';
import { TAB_SCENARIOS } from './scenarios-tabs.ts';
import { botReplied, expect, linesAre, openPanel, pause, say, until, type Scenario } from './steps.ts';

const CONNECTION_SCENARIOS: Scenario[] = [
  {
    // Both browsers run with languages that have no two-letter code (Firefox: fil-PH; WebKit: the
    // C locale, navigator.language "C"): the service must get no metadata.language at all.
    name: 'connect, send, delivered, reply (no metadata.language from a browser language without a two-letter code)',
    async run(t) {
      await openPanel(t);
      await say(t.page, 'hello');
      await linesAre(t.page, ['hello:delivered']);
      await botReplied(t.page);
      const sends = await t.emulator.sends();
      const browserLanguages = await t.page.run<string[]>('return [...navigator.languages];');
      expect(sends.length === 1, `the service took ${sends.length} messages`);
      expect(
        !('language' in sends[0]!.metadata!),
        `metadata.language ${JSON.stringify(sends[0]!.metadata!.language)} from the browser's ${JSON.stringify(browserLanguages)}`,
      );
    },
  },
  {
    name: 'a message the service refuses: shown failed with a retry, parley:error says why, the retry delivered',
    async run(t) {
      await openPanel(t);
      await t.page.run(
        `window.parleyErrors = []; document.addEventListener('parley:error', (event) => parleyErrors.push(event.detail.message));`,
      );
      await t.emulator.control('refuse', { sends: 1, message: 'speech refused by the bot' });
      await say(t.page, 'too spicy');
      await linesAre(t.page, ['too spicy:failed']);
      const errors = await t.page.run<string[]>('return window.parleyErrors;');
      expect(
        errors.some((message) => message.includes('speech refused by the bot')),
        `parley:error said ${JSON.stringify(errors)}`,
      );
      await t.page.click('[part~="retry"]');
      await linesAre(t.page, ['too spicy:delivered']);
      expect((await t.emulator.sends()).length === 2, 'the service got it twice: refused, then taken');
    },
  },
  {
    name: 'the address refused once, a fresh address on retry',
    async run(t) {
      await t.emulator.control('address', { fail: 1, status: 503 });
      await openPanel(t);
      const { addressRequests } = await t.emulator.state();
      expect(addressRequests.map((r) => r.status).join() === '503,200', `address answers ${addressRequests.map((r) => r.status)}`);
      expect(new Set(addressRequests.map((r) => r.sessionId)).size === 2, 'a fresh sessionId for the retry');
    },
  },
  {
    name: 'the socket dropped: reconnected with a fresh address',
    async run(t) {
      await openPanel(t);
      await t.emulator.control('drop', { code: 1001, reason: 'going away' });
      const deadline = Date.now() + 15_000;
      while ((await t.emulator.state()).connections.length < 2 && Date.now() < deadline) await pause(100);
      await until(t.page, 'open');
      const { addressRequests, connections } = await t.emulator.state();
      expect(connections.length === 2 && connections[0]!.closedAt !== undefined, `${connections.length} connections`);
      expect(new Set(addressRequests.map((r) => r.sessionId)).size === 2, 'a fresh address for the new socket');
    },
  },
  {
    name: 'typed while the service is down: delivered once each when it is back',
    async run(t) {
      await openPanel(t);
      await t.emulator.control('address', { fail: 1000, status: 503 });
      await t.emulator.control('drop', { terminate: true });
      await waitFor(t.page, `${WIDGET} return widget().dataset.connection !== 'open';`, 'the connection lost');
      await say(t.page, 'one');
      await say(t.page, 'two');
      await t.emulator.control('address', { fail: 0 });
      await linesAre(t.page, ['one:delivered', 'two:delivered'], 30_000);
      const speeches = (await t.emulator.sends()).map((s) => s.speech);
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
      await pause(500);
      expect((await t.emulator.sends()).length === 1, 'sent once');
    },
  },
];

export const SCENARIOS: Scenario[] = [...CONNECTION_SCENARIOS, ...TAB_SCENARIOS, ...PAGE_SCENARIOS, ...PRIVACY_SCENARIOS];

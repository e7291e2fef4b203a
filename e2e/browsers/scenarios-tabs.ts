// Several tabs of one browser on one clientId, and a page that leaves and comes back: Web Locks,
// BroadcastChannel, IndexedDB and the page lifecycle, where the engines differ most.
import { WIDGET, waitFor, type EnginePage } from './driver.ts';
import { LAUNCHER, expect, linesAre, openPanel, pause, say, until, type Scenario, type ScenarioContext } from './steps.ts';

/** A second tab of the same browser on the same site, its panel opened. */
async function secondTab(t: ScenarioContext): Promise<EnginePage> {
  const tab = await t.page.openTab();
  await tab.goto(t.site());
  await tab.click(LAUNCHER);
  await until(tab, 'open');
  return tab;
}

export const TAB_SCENARIOS: Scenario[] = [
  {
    name: 'two tabs on one clientId: one socket, one traceId sequence, the same transcript',
    async run(t) {
      await openPanel(t);
      const second = await secondTab(t);
      await say(t.page, 'from the first tab');
      await linesAre(t.page, ['from the first tab:delivered']);
      await say(second, 'from the second tab');
      const both = ['from the first tab:delivered', 'from the second tab:delivered'];
      await linesAre(second, both);
      await linesAre(t.page, both);
      const traceIds = (await t.emulator.sends()).map((s) => s.traceId);
      expect(JSON.stringify(traceIds) === '[1,2]', `traceIds ${JSON.stringify(traceIds)}`);
      const { connections } = await t.emulator.state();
      expect(connections.length === 1, `${connections.length} sockets for two tabs`);
    },
  },
  {
    name: 'the holding tab closed while a message typed in the other is unconfirmed: taken over, delivered once',
    async run(t) {
      await openPanel(t); // the first tab opens the socket: it holds it
      const other = await secondTab(t);
      await t.emulator.control('blackhole', { on: true }); // the holder's socket swallows what comes next
      await say(other, 'while the holder goes');
      const deadline = Date.now() + 10_000;
      while ((await t.emulator.sendsArrived()) < 1 && Date.now() < deadline) await pause(100);
      await linesAre(other, ['while the holder goes:sent']);
      const closedAt = Date.now();
      await t.page.close();
      await linesAre(other, ['while the holder goes:delivered'], 15_000);
      const { connections } = await t.emulator.state();
      const speeches = (await t.emulator.sends()).map((s) => s.speech);
      expect(JSON.stringify(speeches) === '["while the holder goes"]', `the service processed ${JSON.stringify(speeches)}`);
      return `taken over ${connections.at(-1)!.openedAt - closedAt} ms after the close`;
    },
  },
  {
    name: 'the back/forward cache: the page left with the chat open and restored (WebKit) or loaded again (Firefox), connected again, nothing lost or sent twice',
    async run(t) {
      await t.page.goto(t.site({}, 'cross-origin.html'));
      await t.page.run(`window.addEventListener('pageshow', (event) => { window.restoredFromCache = event.persisted; });`);
      await t.page.click(LAUNCHER);
      await until(t.page, 'open');
      await say(t.page, 'before leaving');
      await linesAre(t.page, ['before leaving:delivered']);
      await t.page.goto(t.site({}, 'elsewhere.html'));
      await t.page.back();
      await waitFor(t.page, `${WIDGET} return !!widget();`, 'the page back');
      const restored = await t.page.run<boolean | undefined>('return window.restoredFromCache;');
      await until(t.page, 'open');
      await say(t.page, 'after coming back');
      await linesAre(t.page, ['before leaving:delivered', 'after coming back:delivered']);
      const speeches = (await t.emulator.sends()).map((s) => s.speech);
      expect(JSON.stringify(speeches) === '["before leaving","after coming back"]', `the service processed ${JSON.stringify(speeches)}`);
      // Firefox ESR keeps no page in its cache that had a WebSocket open when the visitor left:
      // measured on a bare page, also when the socket (and a Web Lock) were let go on
      // beforeunload, the earliest a page hears of it. There Back loads the page again, and that
      // must lose nothing; WebKit restores the page itself.
      expect(restored === true || t.engine === 'firefox', 'the page was loaded again, not restored from the back/forward cache');
      const { connections } = await t.emulator.state();
      expect(
        connections.length === 2 && connections[0]!.closedAt !== undefined,
        `${connections.length} sockets: the first closed when the page left, a new one after`,
      );
      return restored ? 'restored from the back/forward cache' : 'loaded again (no back/forward cache for a page with an open WebSocket)';
    },
  },
];

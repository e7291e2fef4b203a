// Issue 30 in every engine: what each storage mode leaves on the site's origin (IndexedDB, Web
// Storage, read by the page itself), a mode raised at run time, forget(), and the panel menu's
// "Save a copy".
import { WIDGET, waitFor, type EnginePage } from './driver.ts';
import { LAUNCHER, botReplied, expect, linesAre, openPanel, pause, say, until, type Scenario, type ScenarioContext } from './steps.ts';

/** Keeps every Blob the page makes, to be read back where the driver cannot read a download. */
const KEEP_BLOBS = `const made = (window.parleyBlobs = []); const create = URL.createObjectURL; URL.createObjectURL = (blob) => (made.push(blob), create.call(URL, blob));`;

/** The saved copy: the file downloaded where the driver can read it, else the Blob the page made. */
async function savedCopy(t: ScenarioContext): Promise<{ text: string; how: string }> {
  const end = Date.now() + 10_000;
  while (t.takeDownloads) {
    const [file] = await t.takeDownloads();
    if (file) return { text: file.text, how: `the downloaded file ${file.name}` };
    if (Date.now() > end) throw new Error('no file downloaded in 10 s');
    await pause(100);
  }
  const text = await waitFor<string>(t.page, `return window.parleyBlobs.length ? window.parleyBlobs[0].text() : '';`, 'the copy made');
  return { text, how: 'the file the page made (this driver cannot read a download)' };
}

/** What the site's origin holds: databases, the widget's records, Web Storage keys (after a page hide). */
function storedIn(page: EnginePage) {
  return page.run<{ databases: string[]; records: number; keys: string[] }>(`
    dispatchEvent(new Event('pagehide'));
    return (async () => {
      const databases = (await indexedDB.databases()).map((db) => db.name);
      let records = 0;
      if (databases.includes('parley')) {
        const db = await new Promise((resolve, reject) => { const open = indexedDB.open('parley'); open.onsuccess = () => resolve(open.result); open.onerror = () => reject(open.error); });
        records = await new Promise((resolve) => { const count = db.transaction('conversations').objectStore('conversations').count(); count.onsuccess = () => resolve(count.result); });
        db.close();
      }
      return { databases, records, keys: [...Object.keys(localStorage), ...Object.keys(sessionStorage)].sort() };
    })();`);
}

async function converse(t: ScenarioContext, query: Record<string, string> = {}) {
  await openPanel(t, query);
  await say(t.page, 'hello');
  await linesAre(t.page, ['hello:delivered']);
  await botReplied(t.page);
}

export const PRIVACY_SCENARIOS: Scenario[] = [
  {
    name: 'storage="memory": a conversation leaves no database and no key',
    async run(t) {
      await converse(t, { storage: 'memory' });
      const stored = await storedIn(t.page);
      expect(stored.records === 0 && !stored.databases.includes('parley') && stored.keys.length === 0, `left ${JSON.stringify(stored)}`);
    },
  },
  {
    name: 'memory -> local at run time: stored from then on, and a reload shows it',
    async run(t) {
      await converse(t, { storage: 'memory' });
      await t.page.run(`${WIDGET} widget().storage = 'local';`);
      await waitFor(t.page, `return localStorage.getItem('parley:thread:e2e') === '1';`, 'the conversation stored');
      await t.page.goto(t.site({ storage: 'local' }));
      await t.page.click(LAUNCHER);
      await linesAre(t.page, ['hello:delivered']);
    },
  },
  {
    name: 'forget(): the transcript empty, no record and no key left, the next message a new thread',
    async run(t) {
      await converse(t);
      const before = await t.page.run<string>(`${WIDGET} return widget().threadId;`);
      await t.page.run(`${WIDGET} return widget().forget();`);
      await linesAre(t.page, []);
      const stored = await storedIn(t.page);
      expect(stored.records === 0 && stored.keys.length === 0, `left ${JSON.stringify(stored)}`);
      await say(t.page, 'again');
      await until(t.page, 'open');
      await linesAre(t.page, ['again:delivered']);
      const after = await t.page.run<string>(`${WIDGET} return widget().threadId;`);
      expect(after !== before, 'a new thread');
    },
  },
  {
    name: '"Save a copy" from the panel\'s menu: the conversation as text, the heading and each message with its author',
    async run(t) {
      await converse(t);
      await t.page.run(KEEP_BLOBS);
      await t.page.click('[part~="options"]');
      await waitFor(
        t.page,
        `${WIDGET} return inWidget('[part~="menu-item"]') === widget().shadowRoot.activeElement;`,
        'the menu open, its first item focused',
      );
      await t.page.click('[part~="menu-item"]'); // "Save a copy", the first
      const { text, how } = await savedCopy(t);
      const lines = text.split('\n');
      expect(
        lines[0]!.startsWith('Chat — ') && lines[0]!.includes(String(new Date().getFullYear())),
        `the copy starts with the heading and the day: ${JSON.stringify(lines[0])}`,
      );
      expect(
        lines.includes('hello') && lines.some((line) => line.startsWith('You · ')),
        `the copy has the visitor's message: ${JSON.stringify(text.slice(0, 300))}`,
      );
      expect(
        lines.filter((line) => / · /.test(line)).length >= 2,
        `the copy has the bot's answer with its author: ${JSON.stringify(text.slice(0, 300))}`,
      );
      return `read from ${how}`;
    },
  },
];

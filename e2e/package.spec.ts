// The built package as an app or a server would meet it: no browser here, plain Node.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

test('package.json points at files the build wrote, types first', () => {
  const entry = pkg.exports['.'];
  expect(Object.keys(entry)[0]).toBe('types');
  for (const file of [entry.types, entry.import, pkg.types, 'dist/parley.js']) expect(existsSync(file), file).toBe(true);
});

test('the built npm entry imports in plain Node without side effects', async () => {
  const entry = await import(`${process.cwd()}/${pkg.exports['.'].import}`);
  expect(typeof entry.createChatClient).toBe('function');
  expect(entry.defineParleyChat()).toBeUndefined(); // no customElements in Node: nothing to do
  expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
});

test('dist/parley.js is a classic script that loads only the chat file beside it, pinned by its integrity hash', () => {
  const loader = readFileSync('dist/parley.js', 'utf8');
  expect(loader).not.toMatch(/^\s*import[\s{*]/m);
  expect(loader).not.toMatch(/\bimport\(/);
  expect(loader).not.toMatch(/\bexport\s/);
  const chatFiles = readdirSync('dist').filter((name) => /^parley-chat\.[0-9a-f]+\.js$/.test(name));
  expect(chatFiles).toHaveLength(1);
  const [chatFile] = chatFiles as [string];
  const chat = readFileSync(`dist/${chatFile}`);
  expect(loader).toContain(chatFile);
  expect(loader).toContain(`sha256-${createHash('sha256').update(chat).digest('base64')}`);
  // The name follows the content: a changed chat gets a new name, so both can be cached for ever.
  expect(chatFile).toContain(
    createHash('sha256')
      .update(chat.toString('utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, ''))
      .digest('hex')
      .slice(0, 12),
  );
  // Neither file holds what a strict CSP forbids.
  for (const code of [loader, chat.toString('utf8')]) expect(code).not.toMatch(/\beval\(|new Function\(/);
});

test("each language is a file of its own beside the chat, named by its content and pinned by the languages' table, which the chat pins", () => {
  const dist = readdirSync('dist');
  const files = dist.filter((name) => /^parley-[a-z]{2,3}(-[A-Za-z]{2,4})?\.[\w-]{12}\.js$/.test(name));
  expect(files).toHaveLength(32);
  const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('base64');
  const chat = readFileSync(`dist/${dist.find((name) => /^parley-chat\.[0-9a-f]+\.js$/.test(name))}`, 'utf8');
  const tableFile = dist.find((name) => /^parley-languages\.[0-9a-f]{12}\.js$/.test(name))!;
  const table = readFileSync(`dist/${tableFile}`, 'utf8');
  // The chat carries the table's name and hash, not the 32 languages' hashes.
  expect(chat).toContain(tableFile);
  expect(chat).toContain(`sha256-${sha256(table)}`);
  const loader = readFileSync('dist/parley.js', 'utf8');
  for (const file of files) {
    const integrity = sha256(readFileSync(`dist/${file}`));
    expect(table, file).toContain(`sha256-${integrity}`);
    expect(chat, file).not.toContain(integrity);
    expect(file).toContain(integrity.slice(0, 12).replace(/\+/g, '-').replace(/\//g, '_'));
    expect(loader).not.toContain(integrity); // the loader carries names for the launcher, no language file
  }
  expect(chat).not.toMatch(/Chat öffnen|Nachricht schreiben/); // no translation inside the chat itself
});

test("parley-chat/languages/<tag> exports a language's texts, typed", async () => {
  const entry = pkg.exports['./languages/*'];
  expect(Object.keys(entry)[0]).toBe('types');
  for (const file of [entry.types.replace('*', 'de'), entry.import.replace('*', 'de')]) expect(existsSync(file), file).toBe(true);
  const de = (await import(`${process.cwd()}/${entry.import.replace('*', 'de')}`)).default;
  expect(de).toMatchObject({ openChat: 'Chat öffnen', send: 'Senden' });
});

// The example apps (React 19 and Preact) import the npm entry: their bundler splits the chat off.
for (const app of ['react', 'spa']) {
  test(`the ${app} example's first chunk holds the element's loader part only; the chat is a chunk of its own`, () => {
    const html = readFileSync(`e2e/${app}/dist/index.html`, 'utf8');
    const entry = /<script type="module"[^>]*src="\.\/([^"]+)"/.exec(html)?.[1];
    expect(entry, 'the entry script of index.html').toBeDefined();
    const first = readFileSync(`e2e/${app}/dist/${entry}`, 'utf8');
    expect(first).toContain('parley-unread'); // the launcher
    // The loader asks IndexedDB for its list of databases (whether the chat ran here), never opens one.
    for (const chatOnly of ['socket.info', 'message.send', 'indexedDB.open', 'data-template']) expect(first).not.toContain(chatOnly);
    const chunks = readdirSync(`e2e/${app}/dist/assets`).filter((name) => name.endsWith('.js') && `assets/${name}` !== entry);
    const chat = chunks.filter((name) => readFileSync(`e2e/${app}/dist/assets/${name}`, 'utf8').includes('socket.info'));
    expect(chat).toHaveLength(1);
    expect(first).toContain(chat[0]); // imported from the first chunk, on intent
  });
}

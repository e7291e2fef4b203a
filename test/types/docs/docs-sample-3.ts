// docs/back-end.md, line 272. Made by scripts/doc-samples.ts: do not edit.
import { Api } from './parley/parley-api';

const api = new Api({
  baseUrl: 'http://127.0.0.1:8787', // the emulator's default address
  baseApiParams: { headers: { Authorization: process.env.PARLEY_API_KEY ?? '' } },
});

// A moderator's message, the reply at once (sync): the answer is typed as SyncReplyAnswer | OkAnswer.
const sent = await api.rest.sendMessage(
  'thread-42',
  { payload: { type: 'text', speech: 'Hi, Sam here', originator: { name: 'Sam', role: 'moderator' } } },
  { sync: 'true' },
);
console.log(sent.data.status);

const page = await api.rest.getHistory('thread-42', { page: '1', sync: 'true' });
if ('result' in page.data) console.log(page.data.result.history.length, 'entries');
export {};

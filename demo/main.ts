// The demo page: registers <parley-chat> from the sources (so `npm start` reloads on edits) and
// wires a few controls to the element's methods and the emulator's control API.
import { LANGUAGES } from '../src/i18n/translation.ts';
import { defineParleyChat } from '../src/index.ts';
import { drawSlotPicker } from './slot-picker.ts';

defineParleyChat();

const chat = document.querySelector('parley-chat')!;
const secret = document.getElementById('secret') as HTMLInputElement;

// Client-nonce mode uses another clientId, so each mode keeps its own stored thread.
const secretMode = localStorage.getItem('parley-demo-secret') === '1';
secret.checked = secretMode;
if (secretMode) {
  chat.clientId = 'e2e';
  chat.sdkUrl = '/parley-emulator/sdk';
}
secret.addEventListener('change', () => {
  localStorage.setItem('parley-demo-secret', secret.checked ? '1' : '0');
  location.reload();
});

const control = (verb: string, body: unknown) =>
  fetch(`/parley-emulator/__control/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

document.getElementById('drop')!.addEventListener('click', () => void control('drop', { terminate: true }));
document.getElementById('outage')!.addEventListener('click', async () => {
  await control('address', { fail: 1000, status: 503 });
  await control('drop', { terminate: true });
  setTimeout(() => void control('address', { fail: 0 }), 10_000);
});
document.getElementById('reset')!.addEventListener('click', () => void chat.reset());

// The widget's language, switched live (the conversation and the socket stay); each language is
// named in itself.
const language = document.getElementById('language') as HTMLSelectElement;
for (const tag of ['en', ...LANGUAGES])
  language.append(new Option(`${new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag} (${tag})`, tag));
language.addEventListener('change', () => (chat.language = language.value || null));

chat.setUser({ name: 'Demo visitor' });
// The bot's own `custom` response, drawn by this page (see slot-picker.ts).
chat.renderers = { custom: drawSlotPicker };

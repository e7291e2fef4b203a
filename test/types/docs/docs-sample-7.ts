// docs/front-end.md, line 320. Made by scripts/doc-samples.ts: do not edit.
import { createChatClient } from 'parley-chat';

const client = createChatClient({
  clientId: 'your-client-id',                   // from the channel settings
  baseUrl: 'https://api.example.com',           // GET {baseUrl}/socket.info?sessionId=…&clientId=…
  // sdkUrl: 'https://sdk.example.com',         // set: client-nonce ("secret") mode
  startEvent: 'welcome',                        // sent once per new thread
});

client.on('message', (payload) => console.log(payload.messages));
client.on('connection', ({ state }) => console.log(state)); // idle | connecting | open | reconnecting | offline | error
client.connect();
await client.send('Hello!');
export {};

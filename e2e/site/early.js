// Runs right after parley.js, before the chat's file has even been asked for.
const chat = document.querySelector('parley-chat');
window.calls = [chat.reset()];
chat.setUser({ name: 'Ada' });
window.calls.push(chat.send('one'), chat.sendEvent('checkout', { plan: 'pro' }), chat.send('two'));
chat.open();

// Frames frame.html from the other name of this server: 127.0.0.1 inside localhost is another site.
const frame = document.createElement('iframe');
frame.title = 'Embedded page';
frame.width = '800';
frame.height = '700';
frame.src = `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}/e2e/site/frame.html`;
document.body.append(frame);

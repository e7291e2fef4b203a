// Frames frame.html in a sandbox (an opaque origin). With ?drive (the engines layer, whose
// drivers cannot reach into such a frame) the framed page chats by itself and reports here.
window.frameReport = null;
window.addEventListener('message', (event) => {
  if (event.data && event.data.parleyFrame) window.frameReport = event.data.parleyFrame;
});
const frame = document.createElement('iframe');
frame.setAttribute('sandbox', 'allow-scripts');
frame.title = 'Preview';
frame.width = '800';
frame.height = '700';
frame.src = `./frame.html${new URLSearchParams(location.search).has('drive') ? '#drive' : ''}`;
document.body.append(frame);

// With #drive: this page sends a message through the widget's public API, and reports to the
// page that frames it what it sees, every 200 ms (a frame that froze stops reporting).
if (location.hash === '#drive') {
  const report = () => {
    const widget = document.querySelector('parley-chat');
    const root = widget && widget.shadowRoot;
    const status = root && root.querySelector('[part~="message"][data-from="user"] [data-status]');
    parent.postMessage(
      {
        parleyFrame: {
          at: Date.now(),
          loaded: window.loaded,
          errors: window.pageErrors,
          lockRequests: window.lockRequests,
          origin: self.origin,
          user: status ? status.dataset.status : null,
          bot: !!(root && root.querySelector('[part~="message"][data-from="bot"]')),
        },
      },
      '*',
    );
  };
  window.addEventListener('load', () => {
    customElements.whenDefined('parley-chat').then(() => {
      const widget = document.querySelector('parley-chat');
      widget.open();
      return widget.send('hello from a sandboxed frame');
    });
    setInterval(report, 200);
  });
}

// The tap bench's probe, installed in the page before anything runs (page.addInitScript): the
// tap's time stamp, the frames where the composer became usable and the first answer showed (at
// their animation-frame callbacks: style and layout follow at once, then paint), and
// the socket's life (created, open, the first frame out and in), on the page's clock. A mark
// (`parley-tap`) puts the tap on the trace's clock too.

export interface TapMarks {
  tap?: number;
  composer?: number;
  answer?: number;
  latest?: number;
  socketCreated?: number;
  socketOpen?: number;
  firstSent?: number;
  firstReceived?: number;
}

export function installTapProbe(): void {
  const marks: TapMarks = {};
  Object.defineProperty(window, '__parleyTap', { value: marks });
  const root = () => document.querySelector('parley-chat')?.shadowRoot;
  const visible = (element: Element | null | undefined) => !!element && element.getClientRects().length > 0;
  // The time the frame's callbacks run, not the rAF argument: that is the frame's vsync, which
  // can be long before a task that held the main thread ended.
  const frame = () => {
    const now = performance.now();
    const shadow = root();
    if (marks.composer === undefined && visible(shadow?.querySelector('textarea[part~="input"]'))) marks.composer = now;
    if (marks.answer === undefined && visible(shadow?.querySelector('[part~="message"][data-from="bot"]'))) marks.answer = now;
    if (marks.latest === undefined && visible(shadow?.querySelector('[part~="message"]'))) marks.latest = now;
    if (marks.composer === undefined || marks.answer === undefined) requestAnimationFrame(frame);
  };
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (marks.tap !== undefined) return;
      marks.tap = event.timeStamp;
      performance.mark('parley-tap', { startTime: event.timeStamp });
      requestAnimationFrame(frame);
    },
    true,
  );
  const Native = WebSocket;
  class TimedSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      marks.socketCreated ??= performance.now();
      this.addEventListener('open', () => (marks.socketOpen ??= performance.now()));
      this.addEventListener('message', () => (marks.firstReceived ??= performance.now()));
    }
    override send(data: Parameters<WebSocket['send']>[0]): void {
      marks.firstSent ??= performance.now();
      super.send(data);
    }
  }
  Object.defineProperty(window, 'WebSocket', { value: TimedSocket, configurable: true, writable: true });
}

// The widget's stylesheet, adopted by <parley-chat> into its shadow root as a constructable
// stylesheet (no <style> element, no style attribute: a strict CSP holds).
//
// Pages restyle it only through the documented custom properties (set on `parley-chat` or any
// ancestor) and ::part(). `:host { all: initial !important }` stops the page's inherited
// properties, even `* {… !important}` ones, at the host.

export const widgetCss = String.raw`
:host {
  all: initial !important;
  display: block !important;

  --p-accent: var(--parley-accent, #4f46e5);
  --p-accent-contrast: var(--parley-accent-contrast, #ffffff);
  --p-bg: var(--parley-bg, #ffffff);
  --p-fg: var(--parley-fg, #111827);
  --p-font: var(--parley-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  --p-radius: var(--parley-radius, 16px);
  --p-panel-width: var(--parley-panel-width, 380px);
  --p-panel-height: var(--parley-panel-height, 640px);
  --p-offset: 20px;
  --p-danger: #c81e1e;
  --p-online: #16a34a;
  --p-warning-bg: #fff7e0;
  --p-warning-fg: #5c3d00;
  --p-shadow: 0 12px 40px rgb(15 23 42 / 0.18), 0 2px 8px rgb(15 23 42 / 0.08);

  /* Derived shades follow the page's colours. */
  --p-muted: color-mix(in srgb, var(--p-fg) 68%, var(--p-bg));
  --p-surface: color-mix(in srgb, var(--p-fg) 6%, var(--p-bg));
  --p-border: color-mix(in srgb, var(--p-fg) 14%, var(--p-bg));
  --p-accent-soft: color-mix(in srgb, var(--p-accent) 12%, var(--p-bg));
}

@supports not (color: color-mix(in srgb, red, blue)) {
  :host {
    --p-muted: #5b6170;
    --p-surface: #f1f2f5;
    --p-border: #dcdfe5;
    --p-accent-soft: #eef0fd;
  }
}

@media (prefers-color-scheme: dark) {
  :host {
    --p-accent: var(--parley-accent, #8b93ff);
    --p-accent-contrast: var(--parley-accent-contrast, #0d0f1a);
    --p-bg: var(--parley-bg, #17191f);
    --p-fg: var(--parley-fg, #eceef3);
    --p-danger: #ff8a8a;
    --p-online: #4ade80;
    --p-warning-bg: #3a2e0a;
    --p-warning-fg: #ffe6a6;
    --p-shadow: 0 12px 40px rgb(0 0 0 / 0.5), 0 2px 8px rgb(0 0 0 / 0.3);
  }
}

:host([hidden]) {
  display: none !important;
}

:host *,
:host *::before,
:host *::after {
  box-sizing: border-box;
}

/* Shared resets: every root and control starts from the same, known values. */
.launcher,
.panel {
  font-family: var(--p-font);
  font-size: 15px;
  font-weight: 400;
  line-height: 1.45;
  letter-spacing: normal;
  text-transform: none;
  text-align: start;
  color: var(--p-fg);
  -webkit-font-smoothing: antialiased;
  z-index: 2147483000;
}

.icon-button,
.header-button,
.text-button,
.quick-reply,
.send {
  margin: 0;
  font: inherit;
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
}

.launcher:focus-visible,
.icon-button:focus-visible,
.header-button:focus-visible,
.text-button:focus-visible,
.quick-reply:focus-visible,
.send:focus-visible,
.link:focus-visible {
  outline: 2px solid var(--p-accent);
  outline-offset: 2px;
}

.icon {
  display: block;
  width: 22px;
  height: 22px;
}

.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
}

/* Launcher */
.launcher {
  position: fixed;
  right: var(--p-offset);
  bottom: var(--p-offset);
  display: grid;
  place-items: center;
  width: 60px;
  height: 60px;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: var(--p-accent);
  color: var(--p-accent-contrast);
  box-shadow: var(--p-shadow);
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  transition: transform 160ms ease, box-shadow 160ms ease;
  animation: parley-pop 220ms ease-out;
}

.launcher .icon {
  width: 28px;
  height: 28px;
}

.launcher:hover {
  transform: scale(1.06);
}

.launcher:active {
  transform: scale(0.96);
}

.badge {
  position: absolute;
  top: -2px;
  right: -2px;
  min-width: 22px;
  height: 22px;
  padding: 0 6px;
  border: 2px solid var(--p-bg);
  border-radius: 11px;
  background: #c81e1e;
  color: #ffffff;
  font-size: 12px;
  font-weight: 700;
  line-height: 18px;
  text-align: center;
}

/* Panel */
.panel {
  position: fixed;
  right: var(--p-offset);
  bottom: var(--p-offset);
  display: flex;
  flex-direction: column;
  width: min(var(--p-panel-width), calc(100vw - 2 * var(--p-offset)));
  height: min(var(--p-panel-height), calc(100vh - 2 * var(--p-offset)));
  height: min(var(--p-panel-height), calc(100dvh - 2 * var(--p-offset)));
  overflow: hidden;
  border-radius: var(--p-radius);
  background: var(--p-bg);
  box-shadow: var(--p-shadow);
  color-scheme: light;
  transform-origin: bottom right;
  animation: parley-open 220ms cubic-bezier(0.2, 0.8, 0.2, 1);
}

@media (prefers-color-scheme: dark) {
  .panel {
    color-scheme: dark;
    outline: 1px solid var(--p-border);
  }
}

/* Header */
.header {
  display: flex;
  flex: none;
  align-items: center;
  gap: 8px;
  padding: 14px 12px 14px 20px;
  background: var(--p-accent);
  color: var(--p-accent-contrast);
}

.header-text {
  flex: 1;
  min-width: 0;
}

.title {
  margin: 0;
  overflow: hidden;
  font-size: 17px;
  font-weight: 650;
  line-height: 1.3;
  text-overflow: ellipsis;
  white-space: nowrap;
}

.status {
  display: flex;
  align-items: center;
  gap: 6px;
  margin: 2px 0 0;
  font-size: 13px;
  line-height: 1.3;
}

.status-dot {
  flex: none;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: currentColor;
  opacity: 0.55;
}

.status[data-state="open"] .status-dot {
  background: var(--p-online);
  opacity: 1;
}

.status[data-state="error"] .status-dot,
.status[data-state="offline"] .status-dot {
  background: var(--p-danger);
  opacity: 1;
}

.status-detail {
  display: -webkit-box;
  margin: 4px 0 0;
  overflow: hidden;
  font-size: 12px;
  line-height: 1.35;
  overflow-wrap: anywhere;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  line-clamp: 2;
}

.header-button {
  flex: none;
  padding: 6px 12px;
  border: 1px solid currentColor;
  border-radius: 999px;
  background: transparent;
  color: inherit;
  font-size: 13px;
  font-weight: 600;
}

.header-button:hover {
  background: rgb(255 255 255 / 0.16);
}

.icon-button {
  display: grid;
  flex: none;
  place-items: center;
  width: 40px;
  height: 40px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
}

.icon-button:hover {
  background: rgb(255 255 255 / 0.16);
}

.header .icon-button:focus-visible,
.header .header-button:focus-visible {
  outline-color: var(--p-accent-contrast);
}

/* Notices */
.notice {
  display: flex;
  flex: none;
  align-items: flex-start;
  gap: 12px;
  padding: 10px 16px;
  border-bottom: 1px solid var(--p-border);
  background: var(--p-warning-bg);
  color: var(--p-warning-fg);
  font-size: 14px;
}

.notice-text {
  flex: 1;
  margin: 0;
  overflow-wrap: anywhere;
  white-space: pre-wrap;
}

.text-button {
  flex: none;
  padding: 2px 4px;
  border: 0;
  border-radius: 4px;
  background: transparent;
  color: inherit;
  font-size: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
}

/* Transcript */
.scroller {
  flex: 1;
  min-height: 0;
  overflow-x: hidden;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: 16px 16px 8px;
}

.transcript {
  display: flex;
  flex-direction: column;
}

.message {
  display: flex;
  align-items: flex-end;
  gap: 8px;
  max-width: 86%;
  margin-top: 14px;
  animation: parley-in 200ms ease-out;
}

.message:first-child {
  margin-top: 0;
}

.message.continued {
  margin-top: 4px;
}

.message.from-user {
  align-self: flex-end;
  flex-direction: row-reverse;
}

.message-body {
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  min-width: 0;
}

.from-user .message-body {
  align-items: flex-end;
}

.avatar {
  display: grid;
  flex: none;
  place-items: center;
  width: 28px;
  height: 28px;
  margin-bottom: 20px;
  overflow: hidden;
  border-radius: 50%;
  background: var(--p-accent-soft);
  color: var(--p-accent);
  font-size: 13px;
  font-weight: 700;
}

.continued .avatar {
  visibility: hidden;
}

.avatar-image {
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
}

.author {
  margin: 0 0 3px 4px;
  color: var(--p-muted);
  font-size: 12px;
  font-weight: 600;
}

.continued .author {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}

.bubble {
  margin: 0;
  padding: 9px 14px;
  border-radius: 18px;
  background: var(--p-surface);
  color: var(--p-fg);
  overflow-wrap: anywhere;
  white-space: pre-wrap;
}

.from-bot .bubble,
.from-agent .bubble {
  border-bottom-left-radius: 6px;
}

.from-user .bubble {
  border-bottom-right-radius: 6px;
  background: var(--p-accent);
  color: var(--p-accent-contrast);
}

.bubble.fallback {
  border: 1px dashed var(--p-border);
  background: transparent;
  color: var(--p-muted);
  font-style: italic;
}

.link {
  color: inherit;
  text-decoration: underline;
  text-underline-offset: 2px;
  overflow-wrap: anywhere;
}

.from-bot .link,
.from-agent .link {
  color: var(--p-accent);
}

.meta {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  margin: 3px 4px 0;
  color: var(--p-muted);
  font-size: 12px;
  line-height: 1.4;
}

.delivery[data-status="failed"] {
  color: var(--p-danger);
  font-weight: 600;
}

.retry {
  color: var(--p-danger);
  font-size: 12px;
}

/* Quick replies */
.quick-replies {
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 12px 0 0 36px;
}

.quick-reply {
  max-width: 100%;
  padding: 7px 14px;
  border: 1.5px solid var(--p-accent);
  border-radius: 999px;
  background: var(--p-bg);
  color: var(--p-accent);
  font-size: 14px;
  font-weight: 600;
  line-height: 1.3;
  text-align: center;
  overflow-wrap: anywhere;
  transition: background-color 120ms ease, color 120ms ease;
  animation: parley-in 200ms ease-out;
}

.quick-reply:hover {
  background: var(--p-accent);
  color: var(--p-accent-contrast);
}

/* Typing */
.typing-region {
  min-height: 0;
}

.typing {
  display: inline-flex;
  margin: 12px 0 4px 36px;
  padding: 12px 14px;
  border-radius: 18px 18px 18px 6px;
  background: var(--p-surface);
}

.dots {
  display: flex;
  gap: 4px;
}

.dot {
  width: 7px;
  height: 7px;
  border-radius: 50%;
  background: var(--p-muted);
  animation: parley-bounce 1.2s infinite ease-in-out;
}

.dot:nth-child(2) {
  animation-delay: 0.15s;
}

.dot:nth-child(3) {
  animation-delay: 0.3s;
}

/* Composer */
.composer {
  display: flex;
  flex: none;
  align-items: flex-end;
  gap: 8px;
  margin: 0;
  padding: 10px 12px 12px;
  border-top: 1px solid var(--p-border);
  background: var(--p-bg);
}

.input-wrap {
  flex: 1;
  min-width: 0;
}

.input {
  display: block;
  width: 100%;
  min-height: 44px;
  max-height: 140px;
  margin: 0;
  padding: 10px 16px;
  border: 1px solid var(--p-border);
  border-radius: 22px;
  outline: none;
  background: var(--p-surface);
  color: var(--p-fg);
  font-family: inherit;
  font-size: 16px;
  line-height: 1.4;
  resize: none;
  field-sizing: content;
  transition: border-color 120ms ease, box-shadow 120ms ease;
}

.input::placeholder {
  color: var(--p-muted);
  opacity: 1;
}

.input:focus {
  border-color: var(--p-accent);
  box-shadow: 0 0 0 3px var(--p-accent-soft);
}

.input[aria-invalid="true"] {
  border-color: var(--p-danger);
}

.counter {
  margin: 4px 16px 0;
  color: var(--p-muted);
  font-size: 12px;
}

.counter.over {
  color: var(--p-danger);
  font-weight: 600;
}

.send {
  display: grid;
  flex: none;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: var(--p-accent);
  color: var(--p-accent-contrast);
  transition: opacity 120ms ease, transform 120ms ease;
}

.send:hover:not(:disabled) {
  transform: scale(1.05);
}

.send:disabled {
  cursor: default;
  opacity: 0.4;
}

/* Error state */
.error-state {
  flex: none;
  padding: 18px 20px 22px;
  border-top: 1px solid var(--p-border);
  text-align: center;
}

.error-title {
  margin: 0 0 6px;
  font-size: 16px;
  font-weight: 650;
}

.error-message {
  margin: 0 0 6px;
  color: var(--p-danger);
  font-size: 14px;
  overflow-wrap: anywhere;
}

.error-help {
  margin: 0;
  color: var(--p-muted);
  font-size: 14px;
}

/* Small screens: the panel takes the whole viewport. */
@media (max-width: 480px) {
  .panel {
    inset: 0;
    width: 100%;
    height: 100%;
    border-radius: 0;
    animation-name: parley-slide;
  }

  .launcher {
    --p-offset: 16px;
  }
}

@media (forced-colors: active) {
  .launcher,
  .send,
  .bubble,
  .quick-reply,
  .panel {
    border: 1px solid CanvasText;
  }
}

@media (prefers-reduced-motion: reduce) {
  .launcher,
  .panel,
  .message,
  .quick-reply,
  .send,
  .input {
    animation: none;
    transition: none;
  }

  .launcher:hover,
  .launcher:active,
  .send:hover:not(:disabled) {
    transform: none;
  }

  .dot {
    animation: none;
    opacity: 0.7;
  }

  .dot:nth-child(2) {
    opacity: 0.5;
  }

  .dot:nth-child(3) {
    opacity: 0.3;
  }
}

@keyframes parley-pop {
  from { opacity: 0; transform: scale(0.6); }
  to { opacity: 1; transform: scale(1); }
}

@keyframes parley-open {
  from { opacity: 0; transform: translateY(12px) scale(0.97); }
  to { opacity: 1; transform: none; }
}

@keyframes parley-slide {
  from { opacity: 0; transform: translateY(24px); }
  to { opacity: 1; transform: none; }
}

@keyframes parley-in {
  from { opacity: 0; transform: translateY(6px); }
  to { opacity: 1; transform: none; }
}

@keyframes parley-bounce {
  0%, 60%, 100% { transform: translateY(0); opacity: 0.5; }
  30% { transform: translateY(-4px); opacity: 1; }
}
`;

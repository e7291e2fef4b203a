// @vitest-environment happy-dom
// The webhook log's Resend, with a fake emulator behind fetch and EventSource: the call, the new
// attempt arriving by the feed, the note that the real service has no manual retry, errors.
import { h } from 'preact';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../core/model.ts';
import { createConsoleApi } from './api.ts';
import { createConsoleStore } from './store.ts';
import { WebhookLog } from './WebhookLog.tsx';
import { delivery, FakeEventSource, fakeFetch, SETTINGS } from '../../test/emulator/console-fakes.ts';

afterEach(cleanup);

let webhooks: WebhookDelivery[];
let resendAnswer: { status: number; body: unknown };

beforeEach(() => {
  FakeEventSource.instances = [];
  webhooks = [
    delivery('evt_1_aaaaaaaa', { type: 'inbound', createdAt: 1 }),
    delivery('evt_2_bbbbbbbb', {
      type: 'paused',
      createdAt: 2,
      state: 'failed',
      attempts: [{ at: 10, status: 500, error: 'HTTP 500', durationMs: 3 }],
    }),
  ];
  resendAnswer = { status: 200, body: { status: 'ok', attempt: { at: 5_000, status: 204, durationMs: 2, resend: true } } };
});

async function openLog() {
  const t = fakeFetch({
    'GET api/state': () => ({ body: { settings: SETTINGS, threads: [], webhooks } }),
    'POST api/webhooks/evt_2_bbbbbbbb/resend': () => resendAnswer,
  });
  const store = createConsoleStore({ api: createConsoleApi(t.fetch), EventSource: FakeEventSource });
  render(<WebhookLog store={store} origin="http://127.0.0.1:5199" />);
  store.start();
  await act(async () => {
    FakeEventSource.last.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const feed = (event: Parameters<FakeEventSource['send']>[0]) => act(() => FakeEventSource.last.send(event));
  return { calls: t.calls, feed };
}

const item = (id: string) => document.getElementById(`delivery-${id}`)!.closest('li')!;

async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('webhook log: Resend', () => {
  it('says the real service has no manual retry, and has a Resend on every delivery, described by it', async () => {
    await openLog();
    expect(screen.getByText(/The real service has no manual retry/)).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Resend' });
    expect(buttons).toHaveLength(2);
    const described = buttons[1]!.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)!.textContent).join(' ')).toMatch(
      /inbound.*Delivered.*Resend sends an event again now, with the same id/,
    );
    expect(buttons.every((button) => button.tagName === 'BUTTON' && button.getAttribute('type') === 'button')).toBe(true);
  });

  it('resends through the console API, says what it answered, and shows the new attempt when the feed brings it', async () => {
    const { calls, feed } = await openLog();
    const failed = item('evt_2_bbbbbbbb');
    const button = within(failed).getByRole('button', { name: 'Resend' });
    button.focus();
    await click(button);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ url: 'api/webhooks/evt_2_bbbbbbbb/resend', body: {} }),
    ]);
    expect(within(failed).getByRole('status').textContent).toBe('Resent: HTTP 204.');
    expect(document.activeElement).toBe(button);

    const attempt = { at: 5_000, status: 204, durationMs: 2, resend: true as const };
    feed({ kind: 'webhook', delivery: { ...webhooks[1]!, attempts: [...webhooks[1]!.attempts, attempt] } });
    const attempts = within(item('evt_2_bbbbbbbb')).getByRole('list', { name: 'Attempts of paused evt_2_bbbbbbbb' });
    const rows = within(attempts).getAllByRole('listitem');
    expect(rows.map((row) => row.className)).toEqual(['attempt failed', 'attempt ok resent']);
    expect(rows[1]!.textContent).toMatch(/^#2 resend .* · HTTP 204 · 2 ms$/);
    // The state is the schedule's: still failed.
    expect(item('evt_2_bbbbbbbb').textContent).toContain('Given up: no further attempt.');
  });

  it('shows why a resend failed (an id the emulator forgot), in an alert', async () => {
    resendAnswer = { status: 404, body: { status: 'error', message: 'no webhook delivery "evt_2_bbbbbbbb": forgotten' } };
    await openLog();
    const failed = item('evt_2_bbbbbbbb');
    await click(within(failed).getByRole('button', { name: 'Resend' }));
    expect(within(failed).getByRole('alert').textContent).toBe('no webhook delivery "evt_2_bbbbbbbb": forgotten');
    expect(within(failed).getByRole('status').textContent).toBe('');
  });
});

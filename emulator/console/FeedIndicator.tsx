// Whether the console is following the emulator live.
import { h } from 'preact';
import type { FeedStatus } from './store.ts';

const LABEL: Record<FeedStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline: retrying soon',
};

export function FeedIndicator({ status }: { status: FeedStatus }) {
  return (
    <p class={`feed feed-${status}`} role="status">
      <span class="dot" aria-hidden="true" />
      {LABEL[status]}
    </p>
  );
}

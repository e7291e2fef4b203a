// Bot and agent messages that appeared while the panel was closed. History restored from
// storage is older than the UI, so it never counts.
import { useRef } from 'preact/hooks';
import type { TranscriptEntry } from '../conversation/transcript.ts';

export function useUnread(entries: readonly TranscriptEntry[], open: boolean): number {
  const mountedAt = useRef(Date.now());
  const seen = useRef(new Set<string>());
  if (open) {
    for (const entry of entries) seen.current.add(entry.id);
    return 0;
  }
  let unread = 0;
  for (const entry of entries) {
    if (entry.kind === 'received' && entry.from !== 'user' && entry.at >= mountedAt.current && !seen.current.has(entry.id)) unread++;
  }
  return unread;
}

// What goes above an entry of the transcript: the line after an earlier thread, the unread
// divider, the day's name.
import { h, type ComponentChildren } from 'preact';
import type { TranscriptEntry } from '../../conversation/transcript.ts';
import { dayLabel, dayStart } from '../time.ts';
import { say, type PanelStrings } from '../../i18n/strings.ts';

export function separators(
  previous: TranscriptEntry | undefined,
  entry: TranscriptEntry,
  unread: { id: string; count: number } | undefined,
  now: number,
  strings: PanelStrings,
): ComponentChildren[] {
  const before: ComponentChildren[] = [];
  // Messages of an earlier thread (its secret was refused) stay above a line.
  if (previous?.earlier && !entry.earlier)
    before.push(
      <p key="new-thread" class="separator" role="separator">
        {strings.newConversation}
      </p>,
    );
  if (entry.id === unread?.id) {
    before.push(
      <p key="unread" class="separator unread-divider" part="unread-divider">
        {say(strings, 'unread', { count: unread.count })}
      </p>,
    );
  }
  // Each day's messages under its name: "Today", "Yesterday", the date.
  if (!previous || dayStart(previous.at) !== dayStart(entry.at)) {
    before.push(
      <p key={`day-${dayStart(entry.at)}`} class="separator" part="day-separator">
        {dayLabel(entry.at, now, strings.language)}
      </p>,
    );
  }
  return before;
}

// "Bot is typing…": a polite status region that always exists (so the words are announced when
// they appear); the dots inside it are the part="typing" element, present only while typing.
import { h } from 'preact';
import type { TranscriptEntry } from '../conversation/transcript.ts';
import { clipLabel } from './bounded.tsx';
import { say, type PanelStrings } from '../i18n/strings.ts';

/** Who is typing: the agent of the latest received message, else the bot. */
export function typistName(entries: readonly TranscriptEntry[], strings: PanelStrings): string {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.kind !== 'received' || entry.from === 'user') continue;
    return entry.from === 'agent' ? clipLabel(entry.name || strings.agentName) : strings.botName;
  }
  return strings.botName;
}

export function TypingIndicator(props: { typing: boolean; name: string; strings: PanelStrings }) {
  return (
    <div class="typing-region" role="status">
      {props.typing && (
        <div class="typing" part="typing">
          <span class="dots" aria-hidden="true">
            <span class="dot" />
            <span class="dot" />
            <span class="dot" />
          </span>
          <span class="visually-hidden">{say(props.strings, 'typing', { name: props.name })}</span>
        </div>
      )}
    </div>
  );
}

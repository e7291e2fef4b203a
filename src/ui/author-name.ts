// Who said a message, as the panel names them and the saved copy writes them.
import type { TranscriptEntry } from '../conversation/transcript.ts';
import type { PanelStrings } from '../i18n/strings.ts';

/** "You", the bot, the agent (by name when known). */
export function authorName(entry: TranscriptEntry, strings: PanelStrings): string {
  const from = entry.kind === 'user' ? 'user' : entry.from;
  return from === 'bot'
    ? strings.botName
    : (entry.kind === 'received' && entry.name) || (from === 'agent' ? strings.agentName : strings.you);
}

// The quick replies of the latest message, as buttons. A click answers once: the set is
// disabled until the client replaces it (the user's entry arrives a tick later).
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { QuickReply } from '../protocol/frames.ts';
import { MAX_QUICK_REPLIES_DRAWN } from '../protocol/limits.ts';
import { clipLabel, More } from './bounded.tsx';
import type { PanelStrings } from '../i18n/strings.ts';

export function QuickReplies(props: { replies: readonly QuickReply[]; strings: PanelStrings; onPick: (reply: QuickReply) => void }) {
  const { replies } = props;
  const [picked, setPicked] = useState<readonly QuickReply[] | undefined>(undefined);
  if (replies.length === 0 || picked === replies) return null;
  return (
    <div class="quick-replies" part="quick-replies" role="group" aria-label={props.strings.quickRepliesLabel}>
      {replies.slice(0, MAX_QUICK_REPLIES_DRAWN).map((reply, index) => (
        <button
          key={`${index}:${reply.label}`}
          type="button"
          class="quick-reply"
          part="quick-reply"
          onClick={() => {
            setPicked(replies);
            props.onPick(reply);
          }}
        >
          {clipLabel(reply.label)}
        </button>
      ))}
      <More count={replies.length - MAX_QUICK_REPLIES_DRAWN} strings={props.strings} />
    </div>
  );
}

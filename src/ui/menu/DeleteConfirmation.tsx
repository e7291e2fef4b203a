// "Delete this conversation", confirmed in the panel: what it does, then "Delete" or "Cancel"
// (focused: the choice that loses nothing). Escape cancels.
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { PanelStrings } from '../../i18n/strings.ts';

export function DeleteConfirmation(props: { strings: PanelStrings; onDelete: () => void; onCancel: () => void }) {
  const { strings } = props;
  const cancel = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => cancel.current!.focus(), []);
  return (
    <div
      class="confirm"
      part="confirm"
      role="alertdialog"
      aria-label={strings.deleteConversation}
      aria-describedby="parley-confirm-text"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation(); // not the panel's Escape
        props.onCancel();
      }}
    >
      <p id="parley-confirm-text" class="confirm-text">
        {strings.deleteExplanation}
      </p>
      <button type="button" class="confirm-button danger" part="confirm-delete" onClick={props.onDelete}>
        {strings.deleteConfirm}
      </button>
      <button type="button" class="confirm-button" part="confirm-cancel" ref={cancel} onClick={props.onCancel}>
        {strings.cancel}
      </button>
    </div>
  );
}

// The service could not process a message: say so, and let the visitor dismiss it.
import { h } from 'preact';
import { clipLabel } from './bounded.tsx';
import { say, type PanelStrings } from '../i18n/strings.ts';

export function Notice(props: { message: string; strings: PanelStrings; onDismiss: () => void }) {
  return (
    <div class="notice" part="notice" role="alert">
      <p class="notice-text">{say(props.strings, 'serviceError', { message: clipLabel(props.message) })}</p>
      <button type="button" class="text-button" part="dismiss" onClick={props.onDismiss}>
        {props.strings.dismiss}
      </button>
    </div>
  );
}

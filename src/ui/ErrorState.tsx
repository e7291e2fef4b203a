// What the panel shows instead of the composer when the chat cannot work at all.
import { h } from 'preact';
import type { PanelStrings } from '../i18n/strings.ts';

export function ErrorState(props: { message: string; strings: PanelStrings }) {
  return (
    <div class="error-state" part="error" role="alert">
      <p class="error-title">{props.strings.errorTitle}</p>
      <p class="error-message">{props.message}</p>
      <p class="error-help">{props.strings.errorHelp}</p>
    </div>
  );
}

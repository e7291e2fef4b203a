// A button that stays focusable when it cannot act (aria-disabled, not disabled): after "Pause
// bot" the keyboard user is still on it, and hears that it is now unavailable.
import { h, type ComponentChildren } from 'preact';

export function ActionButton(props: {
  onAction: () => void;
  unavailable?: boolean;
  class?: string;
  describedBy?: string;
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      class={props.class ?? 'button'}
      aria-disabled={props.unavailable ? 'true' : undefined}
      aria-describedby={props.describedBy}
      onClick={() => {
        if (!props.unavailable) props.onAction();
      }}
    >
      {props.children}
    </button>
  );
}

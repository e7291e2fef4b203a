// A picture shown whole, over the page: a modal <dialog>, so the browser keeps focus inside it,
// makes the rest inert and closes it on Escape. Focus goes back to the picture that opened it.
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { PanelStrings } from '../../i18n/strings.ts';

export function ImageViewer(props: { title: string; url: string; strings: PanelStrings; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog
      ref={dialog}
      class="viewer"
      part="viewer"
      aria-label={props.title}
      onClose={props.onClose}
      // Escape closes the picture, not the chat behind it.
      onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
    >
      <img class="viewer-image" src={props.url} alt={props.title} referrerpolicy="no-referrer" />
      <div class="viewer-bar">
        <a class="rich-button" href={props.url} target="_blank" rel="noopener noreferrer">
          {props.strings.openImage}
        </a>
        <button type="button" class="rich-button" autoFocus onClick={() => dialog.current?.close()}>
          {props.strings.closeImage}
        </button>
      </div>
    </dialog>
  );
}

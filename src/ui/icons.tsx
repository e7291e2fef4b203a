// Inline SVG icons; decorative, so hidden from assistive technology. (The launcher's is drawn by
// the loader: loader/launcher.ts.)
import { h } from 'preact';
import { CLOSE_ICON } from '../loader/dom.ts';

function Icon({ d, stroke }: { d: string; stroke?: boolean }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
      {stroke ? (
        <path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d={d} />
      ) : (
        <path fill="currentColor" d={d} />
      )}
    </svg>
  );
}

export const CloseIcon = () => <Icon d={CLOSE_ICON} stroke />;
export const SendIcon = () => <Icon d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />;
export const MoreIcon = () => (
  <Icon d="M12 7a2 2 0 1 1 0-4 2 2 0 0 1 0 4m0 7a2 2 0 1 1 0-4 2 2 0 0 1 0 4m0 7a2 2 0 1 1 0-4 2 2 0 0 1 0 4" />
);

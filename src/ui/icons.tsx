/** @jsxRuntime classic */ /** @jsx h */
// Inline SVG icons; decorative, so hidden from assistive technology.
import { h } from 'preact';

function Icon({ d, stroke }: { d: string; stroke?: boolean }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {stroke ? (
        <path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d={d} />
      ) : (
        <path fill="currentColor" d={d} />
      )}
    </svg>
  );
}

export const ChatIcon = () => (
  <Icon d="M12 3C6.5 3 2 6.9 2 11.7c0 2.4 1.1 4.6 3 6.2-.2 1.3-.8 2.6-1.8 3.6 1.9-.1 3.7-.8 5-1.9 1.2.4 2.5.6 3.8.6 5.5 0 10-3.9 10-8.7S17.5 3 12 3Z" />
);
export const CloseIcon = () => <Icon d="M6 6l12 12M18 6 6 18" stroke />;
export const SendIcon = () => <Icon d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />;

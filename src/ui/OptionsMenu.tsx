// The header's "More options": WAI-ARIA's menu button. Opening it (a click, Enter or Space)
// shows the menu (menu/MenuList.tsx, whose code arrives apart from the chat's: asked for as the
// pointer or focus reaches the button, so it is usually here by the click).
import { h } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { MoreIcon } from './icons.tsx';
import { askMenu, menuArrivedSignal } from './menu-slot.ts';
import { useSignalValue } from './use-signal.ts';
import type { MenuItem, MenuPart } from './menu-slot.ts';

const prefetch = () => void askMenu();

export function OptionsMenu(props: { label: string; items: (part: MenuPart) => MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const later = useSignalValue(menuArrivedSignal);
  const button = useRef<HTMLButtonElement>(null);
  const shut = () => {
    setOpen(false);
    button.current!.focus();
  };

  return (
    <div class="menu-wrap">
      <button
        ref={button}
        type="button"
        class="icon-button"
        part="options"
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => (open ? shut() : (prefetch(), setOpen(true)))}
      >
        <MoreIcon />
      </button>
      {open && later && <later.MenuList label={props.label} items={props.items(later)} shut={shut} dismiss={() => setOpen(false)} />}
    </div>
  );
}

// The header's "More options": WAI-ARIA's menu button. Opening it (a click, Enter or Space)
// moves focus to the first item; Arrow Up/Down, Home and End move between the items; Escape
// and Tab close the menu and focus goes back to the button; a click anywhere else closes it.
import { h } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { MoreIcon } from './icons.tsx';

export interface MenuItem {
  label: string;
  act: () => unknown;
}

export function OptionsMenu(props: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const shut = () => {
    setOpen(false);
    button.current!.focus();
  };

  useLayoutEffect(() => {
    if (!open) return;
    (menu.current!.firstChild as HTMLElement).focus();
    const outside = (event: Event) => event.composedPath().includes(menu.current!.parentNode!) || setOpen(false);
    document.addEventListener('click', outside, true);
    return () => document.removeEventListener('click', outside, true);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    const { key } = event;
    const items = [...menu.current!.children] as HTMLElement[];
    const at = items.indexOf(event.target as HTMLElement);
    // From the last item down to the first, from the first up to the last (at(-1)).
    const next = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 } as Record<string, number>)[key];
    if (key === 'Escape' || key === 'Tab') {
      event.stopPropagation(); // Escape closes the menu, not the panel
      shut();
    } else if (next === undefined) return;
    else items.at(next % items.length)!.focus();
    event.preventDefault();
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
        onClick={() => (open ? shut() : setOpen(true))}
      >
        <MoreIcon />
      </button>
      {open && (
        <div ref={menu} class="menu" part="menu" role="menu" aria-label={props.label} onKeyDown={onKeyDown}>
          {props.items.map((item) => (
            <button
              key={item.label}
              type="button"
              class="menu-item"
              part="menu-item"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                shut();
                item.act();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

// The open "More options" menu (OptionsMenu.tsx draws its button): focus on the first item as it
// opens; Arrow Up/Down, Home and End move between the items; Escape and Tab close it and focus
// goes back to the button; a click anywhere else closes it. Its code is the menu's part
// (menu-slot.ts), not the chat's: a visitor opens it rarely.
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export interface MenuItem {
  label: string;
  act: () => unknown;
}

interface MenuListProps {
  label: string;
  items: MenuItem[];
  /** Closes the menu and focuses its button. */
  shut: () => void;
  /** Closes the menu, focus left where a click put it. */
  dismiss: () => void;
}

export function MenuList({ label, items, shut, dismiss }: MenuListProps) {
  const menu = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    (menu.current!.firstChild as HTMLElement).focus();
    // Inside the menu and its button (both in .menu-wrap) is not "elsewhere".
    const outside = (event: Event) => event.composedPath().includes(menu.current!.parentNode!) || dismiss();
    document.addEventListener('click', outside, true);
    return () => document.removeEventListener('click', outside, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const { key } = event;
    const buttons = [...menu.current!.children] as HTMLElement[];
    const at = buttons.indexOf(event.target as HTMLElement);
    // From the last item down to the first, from the first up to the last (at(-1)).
    const next = ({ ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 } as Record<string, number>)[key];
    if (key === 'Escape' || key === 'Tab') {
      event.stopPropagation(); // Escape closes the menu, not the panel
      shut();
    } else if (next === undefined) return;
    else buttons.at(next % buttons.length)!.focus();
    event.preventDefault();
  };

  return (
    <div ref={menu} class="menu" part="menu" role="menu" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => (
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
  );
}

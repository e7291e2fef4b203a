// Buttons and activatable elements of rich responses. Addresses are links (<a>), so the browser
// opens them as the visitor expects (middle click, "copy link"); postback and event are buttons
// that talk to the bot through onAction. Nothing here knows about sockets.
import { h, type ComponentChildren } from 'preact';
import type { RichAction, RichButton } from '../../conversation/rich.ts';
import { NewTabNote } from '../Linkified.tsx';
import { actionUrl, drawable } from './drawable.ts';
import type { PanelStrings } from '../../i18n/strings.ts';

export interface RichContext {
  strings: PanelStrings;
  /** A postback or event was activated: the client sends it, focus goes back to the composer. */
  onAction: (label: string, action: RichAction) => void;
  /** The message's fallback, shown where a picture cannot load. */
  fallback: string;
}

/**
 * The element that performs `action`, named `label`; `class` styles it. An action whose address
 * is not safe is not drawn: callers check `drawable` first, to draw something else instead.
 */
export function ActionControl(props: {
  action: RichAction;
  label: string;
  ctx: RichContext;
  class: string;
  part?: string;
  children?: ComponentChildren;
}) {
  const { action, label, ctx } = props;
  const common = { class: props.class, part: props.part };
  if (action.type === 'link' || action.type === 'phone') {
    const href = actionUrl(action);
    if (!href) return null;
    const newTab = action.type === 'link' && action.newTab;
    return (
      <a {...common} href={href} target={newTab ? '_blank' : undefined} rel="noopener noreferrer">
        {props.children ?? label}
        {newTab && <NewTabNote text={ctx.strings.newTab} />}
      </a>
    );
  }
  return (
    <button {...common} type="button" onClick={() => ctx.onAction(label, action)}>
      {props.children ?? label}
    </button>
  );
}

/** A template's buttons, as a group named by the template's title. */
export function ButtonGroup(props: { buttons: readonly RichButton[]; label?: string; ctx: RichContext }) {
  const buttons = props.buttons.filter((button) => drawable(button.action));
  if (buttons.length === 0) return null;
  return (
    <div class="rich-buttons" role="group" aria-label={props.label}>
      {buttons.map((button, index) => (
        <ActionControl key={index} action={button.action} label={button.label} ctx={props.ctx} class="rich-button" part="button" />
      ))}
    </div>
  );
}

/** A card's or list item's title and subtitle; with an action, the title performs it for the whole item. */
export function TitleBlock(props: { title: string; subtitle?: string | undefined; action?: RichAction | undefined; ctx: RichContext }) {
  const { title, action } = props;
  return (
    <div class="card-text">
      {drawable(action) ? (
        <ActionControl action={action} label={title} ctx={props.ctx} class="card-title stretched" />
      ) : (
        <p class="card-title">{title}</p>
      )}
      {props.subtitle && <p class="subtitle">{props.subtitle}</p>}
    </div>
  );
}

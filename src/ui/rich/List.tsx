/** @jsxRuntime classic */ /** @jsx h */
// `list`: items with a title, a subtitle, a thumbnail and an action, then the list's buttons.
import { h } from 'preact';
import type { RichListItem, RichButton } from '../../conversation/rich.ts';
import { ActionControl, ButtonGroup, type RichContext } from './actions.tsx';
import { Picture } from './Picture.tsx';

export function List(props: { items: readonly RichListItem[]; buttons: readonly RichButton[]; ctx: RichContext }) {
  const { ctx } = props;
  return (
    <div class="card">
      <ul class="list" part="list">
        {props.items.map((item, index) => (
          <li key={index} class="list-item" part="list-item">
            {item.image && <Picture url={item.image} alt="" placeholder="" class="thumbnail" />}
            <div class="card-text">
              {item.action ? (
                <ActionControl action={item.action} label={item.title} ctx={ctx} class="card-title stretched" />
              ) : (
                <p class="card-title">{item.title}</p>
              )}
              {item.subtitle && <p class="subtitle">{item.subtitle}</p>}
            </div>
          </li>
        ))}
      </ul>
      <ButtonGroup buttons={props.buttons} label="" ctx={ctx} />
    </div>
  );
}

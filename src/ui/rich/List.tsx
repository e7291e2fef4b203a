// `list`: items with a title, a subtitle, a thumbnail and an action, then the list's buttons.
import { h } from 'preact';
import type { RichListItem, RichButton } from '../../conversation/rich.ts';
import { ButtonGroup, TitleBlock, type RichContext } from './actions.tsx';
import { Picture } from './Picture.tsx';

export function List(props: { items: readonly RichListItem[]; buttons: readonly RichButton[]; ctx: RichContext }) {
  const { ctx } = props;
  return (
    <div class="card">
      <ul class="list" part="list">
        {props.items.map((item, index) => (
          <li key={index} class="list-item" part="list-item">
            {item.image && <Picture url={item.image} alt="" />}
            <TitleBlock title={item.title} subtitle={item.subtitle} action={item.action} ctx={ctx} />
          </li>
        ))}
      </ul>
      <ButtonGroup buttons={props.buttons} ctx={ctx} />
    </div>
  );
}

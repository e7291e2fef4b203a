// `carousel`: a row of cards that scrolls sideways (touch, wheel, arrow keys on the focusable
// row), snaps to each card, and has previous/next buttons, marked disabled at the row's ends;
// each card is announced "2 of 5".
import { h } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { RichCard } from '../../conversation/rich.ts';
import { say } from '../../i18n/strings.ts';
import type { RichContext } from './actions.tsx';
import { Card } from './Card.tsx';

export function Carousel(props: { cards: readonly RichCard[]; ctx: RichContext }) {
  const { cards, ctx } = props;
  const { strings } = ctx;
  const row = useRef<HTMLDivElement>(null);
  // Which ends the row is at: 1 the start, 2 the end, 3 both (all cards fit).
  const [ends, setEnds] = useState(3);
  const measure = () => {
    const scroller = row.current!;
    const offset = Math.abs(scroller.scrollLeft); // negative in a right-to-left panel
    setEnds((offset < 2 ? 1 : 0) | (offset > scroller.scrollWidth - scroller.clientWidth - 2 ? 2 : 0));
  };
  useLayoutEffect(measure, []);
  // One card's width per step (the snap points align it); in a right-to-left panel "next" lies
  // to the left.
  const step = (direction: 1 | -1) => {
    const scroller = row.current!;
    const sign = scroller.matches(':dir(rtl)') ? -1 : 1;
    scroller.scrollBy({ left: direction * sign * (scroller.firstElementChild as HTMLElement).offsetWidth });
  };
  // aria-disabled rather than disabled: a focused "Next" that reaches the end keeps its focus.
  return (
    <div class="carousel-frame">
      <div class="carousel" part="carousel" ref={row} tabIndex={0} onScroll={measure}>
        {cards.map((card, index) => (
          <Card
            key={index}
            card={card}
            ctx={ctx}
            label={`${card.title}, ${say(strings, 'slide', { index: index + 1, count: cards.length })}`}
          />
        ))}
      </div>
      <button
        type="button"
        class="icon-button carousel-step"
        part="carousel-previous"
        aria-label={strings.previous}
        aria-disabled={ends & 1 ? 'true' : undefined}
        onClick={() => step(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        class="icon-button carousel-step"
        part="carousel-next"
        aria-label={strings.next}
        aria-disabled={ends & 2 ? 'true' : undefined}
        onClick={() => step(1)}
      >
        ›
      </button>
    </div>
  );
}

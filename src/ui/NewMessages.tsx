// While the visitor reads older messages and new ones arrive below: a button to the latest, with
// how many came, and one announcement of them once they stop coming (not one per message).
import { Fragment, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { say, type PanelStrings } from '../i18n/strings.ts';

/** Quiet this long after the last new message before the count is announced. */
const ANNOUNCE_AFTER_MS = 1_000;

export function NewMessages(props: { count: number; strings: PanelStrings; onJump: () => void }) {
  const { count, strings } = props;
  // Only a count that shows is written: the first number written in a language makes its Intl
  // objects, which cost a phone's panel a tenth of its first frame.
  const words = count > 0 ? say(strings, 'unread', { count }) : '';
  const [heard, setHeard] = useState('');
  useEffect(() => {
    if (count === 0) return setHeard('');
    const timer = setTimeout(() => setHeard(words), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [count]);
  return (
    <Fragment>
      <span class="visually-hidden" role="status" data-new-messages="">
        {heard}
      </span>
      {count > 0 && (
        <button type="button" class="new-messages" part="new-messages" onClick={props.onJump}>
          <span aria-hidden="true">↓ </span>
          {words}
        </button>
      )}
    </Fragment>
  );
}

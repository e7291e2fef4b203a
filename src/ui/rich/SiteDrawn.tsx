// A response the site draws itself (the element's `renderers`): its renderer is called with the
// response as received and a context, and the node it returns goes in the element's light DOM,
// shown here through a named slot, so the page's own CSS styles it. The widget never clones,
// parses or serialises that node. A renderer that throws (or returns what is not a node) gets
// the message's fallback in its place and one console error naming the type.
import { h, type ComponentChildren } from 'preact';
import { useLayoutEffect, useMemo } from 'preact/hooks';
import type { ReceivedEntry } from '../../conversation/transcript.ts';
import type { ParleyRenderContext } from '../../loader/api.ts';
import type { Drawing } from '../view.ts';

export interface SiteDrawnProps {
  entry: ReceivedEntry;
  drawing: Drawing;
  language: string;
  /** The widget's own drawing of the response, for a renderer that returns nothing. */
  own: ComponentChildren;
}

// Slot names are the element's own: one per drawing, never reused while the element lives.
let slots = 0;

/** The renderer's node, or `false` where it failed, or `null`: the widget's own drawing. */
function draw({ entry, drawing, language }: SiteDrawnProps): Node | null | false {
  const response = entry.response!;
  const { element } = drawing;
  const context: ParleyRenderContext = {
    message: { ...entry.message, responses: [response] },
    from: entry.from === 'agent' ? 'agent' : 'bot',
    language,
    send: (text) => element.send(text),
    sendEvent: (name, params) => element.sendEvent(name, params),
  };
  try {
    const node = drawing.renderers![response.type]!(response, context);
    if (node == null || node instanceof Node) return node ?? null;
    throw new TypeError(`it returned ${typeof node}, not a DOM node`);
  } catch (error) {
    console.error(`[parley] the renderer of "${response.type}" responses failed, so the message's fallback shows:`, error);
    return false;
  }
}

export function SiteDrawn(props: SiteDrawnProps) {
  const { entry, drawing } = props;
  // Drawn again when the site sets its renderers again, or the language changes.
  const node = useMemo(() => draw(props), [entry, drawing.renderers, props.language]);
  const name = useMemo(() => `parley-response-${++slots}`, []);
  useLayoutEffect(() => {
    if (!node) return;
    const holder = document.createElement('div');
    holder.slot = name;
    holder.append(node);
    drawing.element.append(holder);
    return () => holder.remove();
  }, [node]);
  if (node) return <slot name={name} />;
  if (node === false) {
    return entry.text ? (
      <p class="bubble fallback" part="bubble" dir="auto">
        {entry.text}
      </p>
    ) : (
      <span class="site-drawn-nothing" hidden />
    );
  }
  return props.own || <span class="site-drawn-nothing" hidden />;
}

// A few lines of DOM building for the loader, which draws its launcher and its error panel
// without Preact (the chat's Preact comes later, with the rest of the chat).

type Attributes = Record<string, string | undefined>;

/** An HTML element with attributes (undefined ones left out) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** Sets an attribute, or removes it for null and undefined; touches nothing already so. */
export function setOrRemove(element: Element, name: string, value: string | null | undefined): void {
  // Removing an attribute that is not there changes nothing and calls no attributeChangedCallback.
  if (value === null || value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== String(value)) {
    element.setAttribute(name, String(value));
  }
}

/** A decorative 24×24 icon of one path, as the chat's icons.tsx draws them. */
export function icon(d: string, stroke = false): SVGSVGElement {
  const svg = svgEl('svg', { class: 'icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' });
  svg.append(
    svgEl(
      'path',
      stroke ? { fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', d } : { fill: 'currentColor', d },
    ),
  );
  return svg;
}

function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

export const CHAT_ICON =
  'M12 3C6.5 3 2 6.9 2 11.7c0 2.4 1.1 4.6 3 6.2-.2 1.3-.8 2.6-1.8 3.6 1.9-.1 3.7-.8 5-1.9 1.2.4 2.5.6 3.8.6 5.5 0 10-3.9 10-8.7S17.5 3 12 3Z';
export const CLOSE_ICON = 'M6 6l12 12M18 6 6 18';

// On phones the on-screen keyboard shrinks the visual viewport, not the layout viewport, so a
// full-screen fixed panel would hide its composer behind the keyboard. While the panel is open,
// the visual viewport's box goes into custom properties that the narrow-screen CSS uses.
// They live in a stylesheet of their own, so no style attribute is needed.

export function trackVisualViewport(root: ShadowRoot): () => void {
  const viewport: VisualViewport | null | undefined = globalThis.visualViewport;
  if (!viewport || !globalThis.CSSStyleSheet) return () => {};
  const sheet = new CSSStyleSheet();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const update = () => {
    sheet.replaceSync(`:host{--parley-viewport-top:${viewport.offsetTop}px;--parley-viewport-height:${viewport.height}px}`);
  };
  update();
  viewport.addEventListener('resize', update);
  viewport.addEventListener('scroll', update);
  return () => {
    viewport.removeEventListener('resize', update);
    viewport.removeEventListener('scroll', update);
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentClassicScript } from './current-script.ts';

describe('currentClassicScript (the check both script-tag files make)', () => {
  class FakeHTMLScript {}
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the classic <script> element running now', () => {
    const script = new FakeHTMLScript();
    vi.stubGlobal('HTMLScriptElement', FakeHTMLScript);
    vi.stubGlobal('document', { currentScript: script });
    expect(currentClassicScript()).toBe(script);
  });

  it('is null in a module or a callback (no current script), and for an SVG <script>', () => {
    vi.stubGlobal('HTMLScriptElement', FakeHTMLScript);
    vi.stubGlobal('document', { currentScript: null });
    expect(currentClassicScript()).toBeNull();
    vi.stubGlobal('document', { currentScript: { src: '' } }); // an SVGScriptElement
    expect(currentClassicScript()).toBeNull();
  });
});

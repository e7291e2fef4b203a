// The code of the site's own layouts, a file of its own (dist/parley-layouts.<hash>.js), fetched
// only on pages with a teaser or the inline layout, or that call showTeaser(): the inline layout
// placed and watched (inline.ts), and the teaser (teaser.ts).
import type { LayoutsHost, Teaser } from '../loader/chat-host.ts';
import { placeInline } from './inline.ts';
import { mountTeaser } from './teaser.ts';

export function mountLayouts(host: LayoutsHost): Teaser {
  placeInline(host);
  return mountTeaser(host);
}

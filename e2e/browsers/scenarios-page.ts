// The widget on other people's pages, in every engine: a strict CSP, rich templates, a hostile
// stylesheet, accessibility (axe, injected), a phone-sized window.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WIDGET, waitFor, type EnginePage } from './driver.ts';
import {
  LAUNCHER,
  botReplied,
  botSends,
  expect,
  linesAre,
  openPanel,
  pause,
  say,
  settled,
  until,
  type Scenario,
  type ScenarioContext,
} from './steps.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The widget's main surfaces' computed styles, as a page's CSS could disturb them. */
const SURFACE_STYLES = `${WIDGET}
  const keys = ['font-family', 'font-size', 'line-height', 'letter-spacing', 'color', 'background-color', 'box-sizing', 'width', 'height', 'padding', 'border-radius', 'z-index', 'opacity', 'position'];
  const pick = (selector) => { const element = inWidget(selector); if (!element) return null; const style = getComputedStyle(element); return Object.fromEntries(keys.map((key) => [key, style.getPropertyValue(key)])); };
  return { launcher: pick('[part~="launcher"]'), panel: pick('[part~="panel"]'), title: pick('[part~="title"]'), input: pick('[part~="input"]'), send: pick('[part~="send"]') };`;

/**
 * The surfaces' styles once two reads 150 ms apart agree: the last frame of an opening animation
 * can still be painting when the engine already reports no animation running (seen in WebKit:
 * opacity 0.99994).
 */
async function stableStyles(page: EnginePage): Promise<string> {
  const end = Date.now() + 3_000;
  let before = JSON.stringify(await page.run(SURFACE_STYLES));
  for (;;) {
    await pause(150);
    const now = JSON.stringify(await page.run(SURFACE_STYLES));
    if (now === before || Date.now() > end) return now;
    before = now;
  }
}

/** A first message and the bot's answer: the thread exists, the transcript has both sides. */
async function converse(t: ScenarioContext, query: Record<string, string> = {}, sitePage?: string) {
  await openPanel(t, query, sitePage);
  await say(t.page, 'hello');
  await linesAre(t.page, ['hello:delivered']);
  await botReplied(t.page);
}

const card = (t: ScenarioContext, title: string) => ({
  title,
  subtitle: `The ${title} plan`,
  media: { url: `${t.widgetOrigin}/parley-emulator/media/plan-pro.svg`, type: 'image' },
  buttons: [{ type: 'postback', label: `Choose ${title}`, value: `I choose ${title}` }],
});

/** The template's `index`th picture has loaded and has a size (a carousel's later ones load lazily, when scrolled to). */
const imageDrawn = (page: EnginePage, template: string, index = 0) =>
  waitFor(
    page,
    `${WIDGET} const image = widget().shadowRoot.querySelectorAll('[data-template="' + arguments[0] + '"] img')[arguments[1]]; return !!image && image.complete && image.naturalWidth > 0 && image.getBoundingClientRect().width > 0;`,
    `the ${template}'s picture ${index + 1} drawn`,
    10_000,
    template,
    index,
  );

/** The test site's renderer (drawn.js) and its CSS (drawn.css), added to the page, the renderers set. */
const SITE_RENDERER = `
  const style = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: './drawn.css' });
  document.head.append(style, Object.assign(document.createElement('script'), { src: './drawn.js' }));
  return true;`;
const RENDERER_SET = `return typeof document.querySelector('parley-chat').renderers.custom === 'function' && document.styleSheets.length > 0;`;

interface FrameReport {
  at: number;
  loaded: boolean;
  errors: string[];
  lockRequests: number;
  origin: string;
  user: string | null;
  bot: boolean;
}

export const PAGE_SCENARIOS: Scenario[] = [
  {
    name: 'Trusted Types (require-trusted-types-for, trusted-types parley): the chat and its French texts load, zero violations',
    async run(t) {
      await t.page.goto(t.site({}, 'trusted-types.html'));
      await t.page.click(LAUNCHER);
      await until(t.page, 'open');
      await say(t.page, 'hello');
      await linesAre(t.page, ['hello:delivered']);
      await botReplied(t.page);
      const label = await t.page.run<string>(
        `${WIDGET} return inWidget('[part~="send"]')?.getAttribute('aria-label') || inWidget('[part~="send"]')?.textContent;`,
      );
      expect(label === 'Envoyer', `the send button says ${JSON.stringify(label)}, not the French texts`);
      const seen = await t.page.run<{ violations: string[]; errors: string[] }>(
        'return { violations: window.cspViolations, errors: window.pageErrors };',
      );
      expect(
        seen.violations.length === 0 && seen.errors.length === 0,
        `violations ${JSON.stringify(seen.violations)}, errors ${JSON.stringify(seen.errors)}`,
      );
    },
  },
  {
    name: 'a sandboxed frame (an opaque origin): the framed page loads, chats in memory and never freezes',
    async run(t) {
      await t.page.goto(t.site({ drive: '' }, 'sandboxed.html'));
      const report = await waitFor<FrameReport>(
        t.page,
        'const r = window.frameReport; return r && r.loaded && r.user === "delivered" && r.bot ? r : null;',
        async () => `the framed page's report: ${JSON.stringify(await t.page.run('return window.frameReport;'))}`,
        20_000,
      );
      expect(report.origin === 'null', `the frame's origin is ${report.origin}`);
      expect(report.errors.length === 0, `errors in the frame: ${JSON.stringify(report.errors)}`);
      expect(report.lockRequests < 2, `${report.lockRequests} Web Lock requests`);
      // Still reporting, every 200 ms: its main thread is free.
      await pause(600);
      const later = await t.page.run<FrameReport>('return window.frameReport;');
      expect(later.at > report.at, 'the framed page stopped reporting');
      return `${report.lockRequests} Web Lock request(s)`;
    },
  },
  {
    name: 'a strict Content-Security-Policy: the widget works with zero violations',
    async run(t) {
      await converse(t, {}, 'cross-origin-csp.html');
      const violations = await t.page.run<string[]>('return window.cspViolations;');
      expect(violations.length === 0, `CSP violations: ${violations.join('; ')}`);
    },
  },
  {
    name: 'a card, a carousel and an image drawn; the carousel steps; a postback button sends its value',
    async run(t) {
      await converse(t);
      const carousel = {
        type: 'carousel',
        payload: { cards: ['Starter', 'Team', 'Pro', 'Business', 'Enterprise'].map((title) => card(t, title)) },
      };
      const image = { type: 'image', payload: { title: 'Our office', url: `${t.widgetOrigin}/parley-emulator/media/office.png` } };
      await botSends(t, [{ type: 'card', payload: card(t, 'Pro') }]);
      await botSends(t, [carousel]);
      await botSends(t, [image]);
      for (const template of ['card', 'carousel', 'image']) await imageDrawn(t.page, template);
      const cards = await t.page.run<number>(
        `${WIDGET} return widget().shadowRoot.querySelectorAll('[part~="carousel"] [part~="card"]').length;`,
      );
      expect(cards === 5, `${cards} cards in the carousel`);
      await settled(t.page);
      await stepCarousel(t.page);
      await imageDrawn(t.page, 'carousel', 1);
      await t.page.click('[data-template="card"] [part~="button"]');
      await linesAre(t.page, ['hello:delivered', 'Choose Pro:delivered']);
      const speeches = (await t.emulator.sends()).map((s) => s.speech);
      expect(speeches.at(-1) === 'I choose Pro', `the service got ${JSON.stringify(speeches)}`);
    },
  },
  {
    name: "the site's renderer and Markdown: a custom response drawn by the page's node in its CSS, its button's event sent with params; a bot's Markdown drawn as elements",
    async run(t) {
      await converse(t, { markdown: '' });
      await t.page.run(SITE_RENDERER);
      await waitFor(t.page, RENDERER_SET, "the site's renderer and its CSS");
      await botSends(t, [
        { type: 'text', payload: { text: '**Choose** a time, or [call us](tel:+3212345678).' } },
        { type: 'custom', payload: { kind: 'slots', slots: ['Wednesday 10:00', 'Thursday 9:30'] } },
      ]);
      const drawn = `const node = document.querySelector('parley-chat > [slot^="parley-response-"] .site-slots'); return !!node && node.getBoundingClientRect().width > 0 && getComputedStyle(node).borderTopColor === 'rgb(200, 30, 90)';`;
      await waitFor(t.page, drawn, "the site's node shown in the chat, in the page's CSS");
      const markdown = `${WIDGET} const bubble = [...widget().shadowRoot.querySelectorAll('[part~="message"][data-from="bot"]')].find((m) => m.textContent.includes('Choose')); const link = bubble?.querySelector('a'); return bubble?.querySelector('strong')?.textContent === 'Choose' && link?.getAttribute('href') === 'tel:+3212345678' && link.rel === 'noopener noreferrer';`;
      await waitFor(t.page, markdown, 'the Markdown drawn: strong text and a tel: link');
      await t.page.run(`document.querySelector('parley-chat .site-slots button:last-of-type').click(); return true;`);
      const booked = async () =>
        (await t.emulator.sends()).find((sent) => sent.speech === 'book-slot') as
          { metadata?: { params?: { slot?: Array<{ value: string }> } } } | undefined;
      const end = Date.now() + 10_000;
      while (!(await booked()) && Date.now() < end) await pause(100);
      const slot = (await booked())?.metadata?.params?.slot?.[0]?.value;
      expect(slot === 'Thursday 9:30', `the service got the event with slot ${JSON.stringify(slot)}`);
    },
  },
  {
    name: 'a page hostile to embeds (global !important rules, a reset, an overlay): the widget styled as on a plain page',
    async run(t) {
      const capture = async (page: EnginePage, query: Record<string, string>) => {
        await page.goto(t.site(query));
        await waitFor(page, `${WIDGET} return !!inWidget('[part~="launcher"]');`, 'the launcher');
        await settled(page);
        const closed = await stableStyles(page);
        await page.click(LAUNCHER); // a real click: nothing of the page covers the launcher
        await until(page, 'open');
        await page.run(`${WIDGET} inWidget('textarea')?.blur();`);
        await settled(page);
        const open = await stableStyles(page);
        await page.click('[part~="close"]'); // the next page starts closed again
        return `{"closed":${closed},"open":${open}}`;
      };
      const plain = await capture(t.page, {});
      const hostile = await capture(t.page, { hostile: '' });
      const font = await t.page.run<string>(`return getComputedStyle(document.querySelector('h1')).fontFamily;`);
      expect(font === 'serif', `the hostile stylesheet is on the page (h1 in ${font})`);
      expect(hostile === plain, `the widget differs on the hostile page:\n        hostile ${hostile}\n        plain   ${plain}`);
    },
  },
  {
    name: 'accessibility: axe (injected) finds no serious or critical violation in the open panel with rich answers',
    async run(t) {
      await converse(t);
      await botSends(t, [{ type: 'card', payload: card(t, 'Pro') }]);
      await imageDrawn(t.page, 'card');
      await settled(t.page); // axe measures contrast on what is painted: not halfway through a fade
      await t.page.run(`${AXE_SOURCE}; return true;`);
      const violations = await t.page.run<string[]>(
        `return axe.run(document.querySelector('parley-chat'), { resultTypes: ['violations'] }).then((result) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => JSON.stringify(n.target)).join(' ')));`,
      );
      expect(violations.length === 0, `axe: ${violations.join('; ')}`);
    },
  },
  {
    name: 'the site\'s own layouts: a teaser after its delay, a page button with data-parley-open and its draft, focus back to it; launcher="none"; the inline layout connected on first use',
    async run(t) {
      await t.page.goto(t.site({ teaser: 'Need help choosing a bike?', 'teaser-delay': '0' }));
      await waitFor(t.page, `${WIDGET} return inWidget('[part~="teaser"]')?.textContent === 'Need help choosing a bike?';`, 'the teaser');
      const ask = `const ask = document.createElement('button'); ask.id = 'ask'; ask.textContent = 'Ask about this order'; ask.setAttribute('data-parley-open', 'About order 1234: '); document.body.append(ask); ask.focus(); ask.click(); return true;`;
      await t.page.run(ask);
      await waitFor(t.page, `${WIDGET} return inWidget('textarea')?.value === 'About order 1234: ';`, 'the draft in the composer');
      await waitFor(t.page, `${WIDGET} return !inWidget('[part~="teaser"]');`, 'the teaser gone once the panel opened');
      await t.page.click('[part~="close"]');
      await waitFor(t.page, `return document.activeElement?.id === 'ask';`, "focus back on the page's button");

      await t.page.goto(t.site({ launcher: 'none', teaser: 'Not with launcher="none"', 'teaser-delay': '0' }));
      await waitFor(
        t.page,
        `${WIDGET} return !!inWidget('[part~="launcher"]') && getComputedStyle(inWidget('[part~="launcher"]')).display === 'none';`,
        'no floating button',
      );
      await pause(500);
      expect(await t.page.run<boolean>(`${WIDGET} return !inWidget('[part~="teaser"]');`), 'no teaser with launcher="none"');
      await t.page.run(ask);
      await until(t.page, 'open');

      // storage="memory": a first visit, whatever the steps above kept in this profile.
      await t.page.goto(t.site({ layout: 'inline', target: 'body', heading: 'Help centre', storage: 'memory' }));
      await waitFor(
        t.page,
        `${WIDGET} return inWidget('[part~="panel"]')?.getAttribute('role') === 'region' && !!inWidget('textarea');`,
        'the inline region',
      );
      expect(
        await t.page.run<boolean>(`${WIDGET} return !inWidget('[part~="close"]') && widget().dataset.connection === 'idle';`),
        'no close button, no connection before first use',
      );
      // Focus into it (WebKit's driver reports a click at the page's end as intercepted).
      await t.page.run(`${WIDGET} inWidget('textarea').focus(); return true;`);
      await until(t.page, 'open');
    },
  },
  {
    name: 'a phone-sized window (390×844): the composer usable',
    async run(t) {
      await t.page.setViewport(390, 844);
      await openPanel(t);
      // Once the panel has slid in: the composer inside the window.
      const inside = `${WIDGET} const r = inWidget('textarea').getBoundingClientRect(); return r.bottom <= innerHeight && r.right <= innerWidth && r.top >= 0;`;
      await waitFor(t.page, inside, 'the composer inside the window', 3_000);
      await say(t.page, 'from a phone');
      await linesAre(t.page, ['from a phone:delivered']);
    },
  },
];

/**
 * "Next" clicked, the carousel one card further. The click is counted where it landed: under
 * load, WebKit's driver has sent its click to where the button was a moment before (the
 * transcript still moving), so a click that missed the button is made again; a click that hit
 * it and did not step fails the scenario.
 */
async function stepCarousel(page: EnginePage) {
  const stepped = `${WIDGET} return inWidget('[part~="carousel"]').scrollLeft > 0 && !inWidget('[part~="carousel-previous"]').hasAttribute('aria-disabled');`;
  await page.run(
    `${WIDGET} window.clickedParts = []; widget().shadowRoot.addEventListener('click', (e) => window.clickedParts.push(e.composedPath()[0].closest?.('[part]')?.getAttribute('part') ?? e.composedPath()[0].nodeName), true); return true;`,
  );
  for (let attempt = 1; ; attempt++) {
    await page.click('[part~="carousel-next"]');
    const clicked = await page.run<string[]>('return window.clickedParts;');
    const hit = clicked.at(-1)?.includes('carousel-next') ?? false;
    if (hit || attempt === 3) {
      const scrolled = () => page.run<number>(`${WIDGET} return inWidget('[part~="carousel"]').scrollLeft;`);
      await waitFor(
        page,
        stepped,
        async () =>
          `the carousel one card further, "previous" enabled (clicks landed on: ${clicked.join(', ') || 'nothing of the widget'}; scrollLeft ${await scrolled()})`,
        5_000,
      );
      return;
    }
  }
}

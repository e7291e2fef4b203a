// The documentation's HTML and CSS samples, as written (their example addresses pointed at this
// server: the emulator under /parley-emulator, the built files under /dist): each loads in a page, and a
// widget there connects when opened. scripts/doc-samples.ts finds them.
import { expect, test } from '@playwright/test';
import { docSamples } from '../scripts/doc-samples.ts';
import { emulator } from './support/emulator.ts';
import { settled } from './support/settled.ts';

const local = (code: string) =>
  code
    .replaceAll('https://cdn.example.com/parley.js', '/dist/parley.js')
    .replaceAll('https://api.example.com', '/parley-emulator')
    .replaceAll('your-client-id', 'e2e');

test.beforeEach(async ({ request }) => {
  await emulator(request).reset();
});

for (const sample of docSamples().filter((s) => s.lang === 'html')) {
  test(`the HTML of ${sample.file}, line ${sample.line}, loads and connects`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/e2e/site/elsewhere.html');
    // An element alone needs the element defined: the loader does that (it adds nothing without data-client-id).
    const needsLoader = !sample.code.includes('parley.js');
    await page.setContent(
      `<!doctype html><html><body>${needsLoader ? '<script src="/dist/parley.js"></script>' : ''}${local(sample.code)}</body></html>`,
    );
    // The inline chat, or the page's own trigger where the sample has one (its launcher may be "none"), else the launcher.
    const trigger = page.locator('[data-parley-open]:not([data-parley-open=""])').first();
    if (sample.code.includes('data-layout="inline"')) {
      // The chat in the page: its first use connects it.
      await page.getByRole('textbox', { name: 'Message' }).click();
    } else if (sample.code.includes('data-parley-open')) {
      await trigger.click();
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue((await trigger.getAttribute('data-parley-open'))!);
    } else await page.locator('parley-chat [part~="launcher"]').click();
    await expect(page.locator('parley-chat')).toHaveAttribute('data-connection', 'open');
    expect(errors).toEqual([]);
  });
}

for (const sample of docSamples().filter((s) => s.lang === 'css')) {
  test(`the CSS of ${sample.file}, line ${sample.line}, applies to the widget`, async ({ page }) => {
    await page.goto('/e2e/pages/widget.html?client-id=e2e&base-url=/parley-emulator');
    await page.locator('parley-chat [part~="launcher"]').waitFor();
    // Its ::part() rules for what shows now (the closed launcher) change what they say they change.
    const partRules = [...sample.code.matchAll(/::part\(([\w-]+)\)\s*\{\s*([\w-]+):/g)].map(
      ([, part, property]) => [part!, property!] as const,
    );
    // Read as a person sees them: once the transitions a style change starts (the launcher's
    // box-shadow eases in) have ended, not halfway through, where a value may still be the old one.
    const partStyles = async () => {
      await settled(page.locator('parley-chat'));
      return page.locator('parley-chat').evaluate(
        (element, rules) =>
          rules.map(([part, property]) => {
            const target = element.shadowRoot!.querySelector(`[part~="${part}"]`);
            return target ? getComputedStyle(target).getPropertyValue(property) : null;
          }),
        partRules,
      );
    };
    const before = await partStyles();
    await page.addStyleTag({ content: sample.code });
    const after = await partStyles();
    expect(
      before.some((value) => value !== null),
      'a part the sample styles is on the page',
    ).toBe(true);
    before.forEach(
      (value, index) => value !== null && expect(after[index], `::part(${partRules[index]![0]}) ${partRules[index]![1]}`).not.toBe(value),
    );
    // Each custom property the sample sets reaches the element as written.
    const declared = [...sample.code.matchAll(/(--parley-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()] as const);
    expect(declared.length).toBeGreaterThan(0);
    const computed = await page.locator('parley-chat').evaluate(
      (element, names) => names.map((name) => getComputedStyle(element).getPropertyValue(name).trim()),
      declared.map(([name]) => name),
    );
    expect(computed).toEqual(declared.map(([, value]) => value));
  });
}

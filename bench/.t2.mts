import { chromium } from 'playwright';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';
const browser = await chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumArgs });
const page = await browser.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.setContent(`<iframe sandbox="allow-scripts" srcdoc="<script>
(async()=>{try{const l=await indexedDB.databases();console.log('list',JSON.stringify(l))}catch(e){console.log('caught',String(e))}})();
</script>"></iframe>`);
await page.waitForTimeout(1000);
await browser.close();

// Old addresses land where the spec says, keeping query and hash; www. goes to the bare host.
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/site.ts';
import { cityHeading, REDIRECTS, site } from '../support/facts.ts';
import { useBrowser } from '../support/use-browser.ts';

const open = useBrowser();

/** The page's address, once it has moved on: a wrong landing fails naming the address expected and the one reached. */
const landsOn = (page: { url(): string }, expected: string) =>
  expect.poll(() => page.url(), { message: 'the address the redirect lands on' }).toBe(expected);

/** A redirect whose target carries no hash of its own, so the visitor's query and hash are what arrive. */
const [FROM, TO] = REDIRECTS.find(([, to]) => !to.includes('#'))!;

describe('redirect stubs', () => {
  it.each(REDIRECTS)('%s replaces navigation with %s', async (from, to) => {
    const page = await open();
    await page.goto(baseUrl() + '/about');
    await page.goto(baseUrl() + from);
    await landsOn(page, baseUrl() + to);
    // replace, not push: Back skips the stub
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/about');
  });
  it(`keeps query and hash (${FROM})`, async () => {
    const page = await open();
    await page.goto(baseUrl() + FROM + '?utm_source=card#faq-heading');
    await landsOn(page, baseUrl() + TO + '?utm_source=card#faq-heading');
  });
  it(`works for crawlers and no-JS visitors through meta refresh (${FROM})`, async () => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(baseUrl() + FROM);
    await landsOn(page, baseUrl() + TO);
  });
});

describe('www rule', () => {
  it('sends www.localhost to the bare host before paint, keeping path, query and hash', async () => {
    const page = await open();
    const port = new URL(baseUrl()).port;
    const city = site.cities[0];
    await page.goto(`http://www.localhost:${port}${city.path}?ref=x#faq-heading`);
    await landsOn(page, `http://localhost:${port}${city.path}?ref=x#faq-heading`);
    expect(await page.locator('h1').textContent()).toBe(cityHeading(city.name));
  });
});

// The proof that a company can run the site from content/ alone: a copy of content/ changed by the recipes of
// docs/editing.md (facts, a city and a service, a draft and a later post, a form service), built, and the build tests
// that read the content run on it (a nested vitest with SITE_CONTENT). Nothing in the tests or the code is touched.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../generator/time.ts';
import { countWord } from '../../templates/model/words.ts';
import { builtFixture } from '../support/test-fixture.ts';
import { business, site } from '../support/facts.ts';
import { addCityAndService, unusedName } from '../support/names.ts';
import { allFiles, root, visibleText } from '../support/site.ts';
import { $, $$, parseHtml, text } from '../support/html.ts';

// The new facts (the old ones come from the model; the new names are names no content uses).
const NEW = {
  phone: '(778) 555-0199',
  phoneE164: '+17785550199',
  email: 'office@new-owner.example',
  street: '1200 Columbia Street',
  endpoint: 'https://formspree.io/f/newowner1',
  hours: 'Monday to Saturday, 7 am to 7 pm',
  openingHours: 'Mo-Sa 07:00-19:00',
  priceRange: '$$$',
  draft: unusedName(['Pruning Young Maples', 'Mulching Street Trees', 'Watering New Plantings']),
  scheduled: unusedName(['Winter Storm Checklist', 'Spring Pruning Calendar', 'Cedar Hedge Browning']),
};
const nextYear = new Date().getFullYear() + 1;

const run = promisify(execFile);
const fx = builtFixture((fx) => {
  // content/site.yaml, business: (docs/editing.md, "The business facts")
  fx.editSite((s) => {
    Object.assign(s.business, { phone: NEW.phone, phoneE164: NEW.phoneE164, email: NEW.email });
    s.business.address.street = NEW.street;
  });

  // a city and a service, each its file alone, as docs/editing.md's "New cities and services"
  addCityAndService(fx);

  // Other opening hours and price range (site.yaml business:).
  fx.editSite((s) => Object.assign(s.business, { hours: NEW.hours, openingHours: NEW.openingHours, priceRange: NEW.priceRange }));

  // A draft and a post dated next year, as the editor saves them: they wait, and nothing lists them yet.
  const post = (title: string, day: string, draft: boolean) => `---
title: ${title}
description: What a homeowner should know about ${title.toLowerCase()}, from the crew that does the work.
summary: A short guide to ${title.toLowerCase()} for Metro Vancouver yards.
published: ${day}
modified: ${day}
${draft ? 'draft: true\n' : ''}---
## Before you start

A few plain steps, and when to call an arborist instead.
`;
  fx.write(`blog/${NEW.draft.slug}.md`, post(NEW.draft.name, todayIn(site.blogSettings.timeZone), true));
  fx.write(`blog/${NEW.scheduled.slug}.md`, post(NEW.scheduled.name, `${nextYear}-03-01`, false));

  // Connect a form service (docs/forms.md).
  fx.setDelivery('endpoint', NEW.endpoint);
});

const pages = () => allFiles(fx.out).filter((f) => f.endsWith('.html'));

describe('a maintainer changes the facts and adds a city and a service', () => {
  it('leaves no trace of the old phone, email, street or count of cities on any page', () => {
    const old = [business.phone, business.phoneE164, business.email, business.address.street, `${countWord(site.cities.length)} cities`];
    // anywhere in a page's bytes: text, attributes, scripts and structured data alike
    for (const f of pages()) {
      const text = readFileSync(f, 'utf8');
      for (const o of old) expect(text.includes(o), `${path.relative(fx.out, f)} still says ${o}`).toBe(false);
    }
    const home = parseHtml(readFileSync(path.join(fx.out, 'index.html'), 'utf8'));
    const cities = site.cities.length + 1;
    expect($(`a[href="tel:${NEW.phoneE164}"]`, home)).not.toBeNull();
    expect($$('strong', home).map(text)).toContain(String(cities));
    expect(visibleText(home)).toContain(`in ${countWord(cities)} cities`);
  });

  it('passes every build test on the changed content', async () => {
    // Left out: cities (hand-written copy, which a copied file is not); those that bring their own content or compare
    // builds of one content; those that hold every route to one rule, naming none; and the mistakes table, whose cases
    // start from the first entry of each kind.
    const OWN_CONTENT = ['cities', 'relocation', 'dev', 'docs-links', 'layers', 'content-check', 'pagination', 'images', 'hostile-content'];
    const ANY_CONTENT = ['validity', 'first-paint', 'mistakes'];
    const tests = readdirSync(path.join(root, 'tests/build'))
      .filter((f) => f.endsWith('.test.ts') && ![...OWN_CONTENT, ...ANY_CONTENT].includes(f.replace(/\.test\.ts$/, '')))
      .map((f) => `tests/build/${f}`);
    let log = '';
    try {
      // not execFileSync: a blocked worker misses vitest's own messages
      ({ stdout: log } = await run(
        process.execPath,
        ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/vitest.config.ts', '--project', 'build', ...tests],
        {
          cwd: root,
          env: { ...process.env, SITE_CONTENT: fx.content, NO_COLOR: '1', FORCE_COLOR: '0' },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      ));
    } catch (e) {
      const { stdout, stderr } = e as { stdout: string; stderr: string };
      expect.fail(`the build tests failed on the changed content:\n${stdout.slice(-6000)}\n${stderr.slice(-2000)}`);
    }
    expect(log).toMatch(new RegExp(`Test Files\\s+${tests.length} passed`));
  }, 900_000); // the build layer again, nested: a minute or more on a busy two-core machine
});

// site.yaml's go-live settings (generator/placeholders.ts) in a fixture: as the template ships them, every one still a
// placeholder, or as a company sets them before going live, with values no content uses.
import { PLACEHOLDERS } from '../../generator/placeholders.ts';
import type { Fixture } from './fixture.ts';
import { contentText, unusedName } from './names.ts';

/** The template's placeholders, whatever the copy says now: simulated forms, example.com, a fictional phone, a review
 *  link to no place, no repository for the editor. */
export function withPlaceholders(fx: Fixture) {
  fx.setDelivery('simulate');
  fx.editSite((s) => {
    Object.assign(s.business, {
      origin: 'https://example.com',
      email: 'quotes@example.com',
      phone: '(604) 555-0123', // fictional (555-0100 to 555-0199), and not the number the content has
      phoneE164: '+16045550123',
      reviewUrl: 'https://search.google.com/local/writereview?placeid=EXAMPLE-PLACE-ID',
    });
    delete s.cms;
  });
}

/** The fields withPlaceholders leaves at a placeholder, in the order the production build names them: all but
 *  forms.endpoint, which only an endpoint delivery has. */
export const TEMPLATE_PLACEHOLDERS = PLACEHOLDERS.map((p) => p.field).filter((f) => f !== 'forms.endpoint');

/** The company's real-looking settings: a domain, a phone and a place no content names. */
export const LIVE = (() => {
  const { slug } = unusedName(['Cedar Row Tree Care', 'Alder Bend Tree Care', 'Fernbrook Arbor']);
  const text = contentText();
  const [phone, digits] = [
    ['(604) 873-2961', '6048732961'],
    ['(778) 862-4173', '7788624173'],
  ].find(([, d]) => !text.includes(d.slice(3)))!;
  return {
    host: `${slug}.ca`,
    origin: `https://${slug}.ca`,
    email: `office@${slug}.ca`,
    phone,
    phoneE164: `+1${digits}`,
    reviewUrl: `https://search.google.com/local/writereview?placeid=ChIJ${slug.replace(/-/g, '').slice(0, 12)}Qx7Lr0`,
    repo: `${slug}/website`,
  };
})();

/** Sets every go-live setting as a company would; quote requests go to `delivery` (an endpoint's URL, or netlify). */
export function withLiveSettings(fx: Fixture, delivery: 'netlify' | { endpoint: string } = { endpoint: 'https://formspree.io/f/xlive42' }) {
  if (delivery === 'netlify') fx.setDelivery('netlify');
  else fx.setDelivery('endpoint', delivery.endpoint);
  fx.editSite((s) => {
    Object.assign(s.business, {
      origin: LIVE.origin,
      email: LIVE.email,
      phone: LIVE.phone,
      phoneE164: LIVE.phoneE164,
      reviewUrl: LIVE.reviewUrl,
    });
    s.cms = { repo: LIVE.repo, branch: 'main' };
  });
}

// Structured data (JSON-LD). Built from the same model the page shows, so they cannot drift apart.
import type { City, FaqItem, Photo, Post, Service, Site } from './model/types.ts';

const ORG_ID = '/#business';

export function localBusiness(site: Site, city?: City): object {
  const b = site.business;
  const a = b.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': b.origin + ORG_ID,
    name: b.name,
    description: b.description,
    url: b.origin + '/',
    telephone: b.phoneE164,
    email: b.email,
    image: b.origin + (city?.photo?.image.og ?? '/social-card.png'),
    logo: `${b.origin}/favicon.svg`,
    priceRange: b.priceRange,
    address: postalAddress(a),
    hasMap: b.mapUrl,
    openingHours: b.openingHours,
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '00:00',
      closes: '23:59',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: b.phoneE164,
      contactType: 'customer service',
      areaServed: 'CA-BC',
      availableLanguage: 'English',
    },
    areaServed: city
      ? { '@type': 'City', name: `${city.name}, BC` }
      : [...site.cities.map((c) => c.name), ...b.extraAreasServed].map((name) => ({ '@type': 'City', name })),
    sameAs: [b.reviewUrl],
  };
}

/**
 * The business as the pages that are not about it name it: who, where, how to call, when open and what it costs, by
 * the same @id as the whole block on the home page (and a city's own on its page), which adds what it does, where it
 * serves and how to write. About 0.2 KB brotli less a page than the whole block (docs/decisions/first-paint.md).
 */
export function businessSummary(site: Site): object {
  const whole = localBusiness(site) as Record<string, unknown>;
  const kept = ['@context', '@type', '@id', 'name', 'url', 'telephone', 'image', 'priceRange', 'address', 'openingHours', 'sameAs'];
  return Object.fromEntries(kept.map((k) => [k, whole[k]]));
}

export function breadcrumbList(site: Site, crumbs: { label: string; href: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: site.business.origin + c.href })),
  };
}

export function faqPage(faq: FaqItem[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.aText } })),
  };
}

/** What a shared page shows: its photo's 1200x630 crop, described by its alt text, or the site's social card. */
export function shareImage(site: Site, photo: Photo | undefined, title: string): { url: string; alt: string } {
  if (!photo) return { url: `${site.business.origin}/social-card.png`, alt: site.socialCard.alt };
  return { url: site.business.origin + photo.image.og, alt: photo.alt || title }; // a decorative photo: the page's title
}

export function serviceNode(site: Site, s: Service): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: s.name,
    serviceType: s.name,
    description: s.description,
    url: site.business.origin + s.path,
    provider: { '@id': site.business.origin + ORG_ID, '@type': 'HomeAndConstructionBusiness', name: site.business.name },
    areaServed: site.cities.map((c) => ({ '@type': 'City', name: `${c.name}, BC` })),
    ...(s.photo ? { image: site.business.origin + s.photo.image.og } : {}),
    ...(s.startingPrice
      ? {
          offers: {
            '@type': 'Offer',
            priceCurrency: 'CAD',
            priceSpecification: { '@type': 'PriceSpecification', minPrice: s.startingPrice, priceCurrency: 'CAD' },
          },
        }
      : {}),
  };
}

export function organization(site: Site): object {
  const b = site.business;
  const a = b.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: b.name,
    url: b.origin + '/',
    logo: `${b.origin}/favicon.svg`,
    email: b.email,
    telephone: b.phoneE164,
    address: postalAddress(a),
  };
}

export function blogPosting(site: Site, p: Post): object {
  const b = site.business;
  const publisher = {
    '@type': 'Organization',
    name: b.name,
    url: b.origin + '/',
    logo: { '@type': 'ImageObject', url: `${b.origin}/favicon.svg` },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: p.title,
    description: p.description,
    datePublished: p.published,
    dateModified: p.modified,
    author: { '@type': 'Organization', name: b.name, url: b.origin + '/' },
    publisher,
    image: b.origin + (p.photo?.image.og ?? '/social-card.png'),
    mainEntityOfPage: { '@type': 'WebPage', '@id': b.origin + p.path },
    url: b.origin + p.path,
  };
}

/** The company's address as schema.org writes it: one shape for the business block and the About page's Organization. */
function postalAddress(a: Site['business']['address']) {
  return {
    '@type': 'PostalAddress',
    streetAddress: a.street,
    addressLocality: a.city,
    addressRegion: a.region,
    postalCode: a.postalCode,
    addressCountry: a.country,
  };
}

// content/jobs/{slug}.md: a finished job, shown on its city's and services' pages and on /recent-work (its card's
// address: /recent-work#job-{slug}); no page of its own.
import * as z from 'zod';
import { collection, hint, isoDate, text } from '../kind.ts';
import { jobPlace } from '../places.ts';
import type { Photo } from '../rendered.ts';
import { citySlug } from './city.ts';
import { serviceSlug } from './service.ts';

export const job = collection({
  folder: 'jobs',
  field: 'jobs',
  path: (slug) => `/recent-work#job-${slug}`,
  entryPages: false,
  gone: { to: '/', what: 'job' },
  editor: {
    label: 'Jobs',
    singular: 'Job',
    identify: 'title',
    sortBy: ['date', 'title'],
    deletable: true,
    description:
      "Finished jobs, with photos: each shows on its city's page and its services' pages (the newest three there) and on " +
      '/recent-work, newest first. From a phone: New, take or choose the photos, pick the city and the services, Save.',
  },
  body: {
    label: 'Story',
    hint:
      'What the job was, in a few sentences: the tree, the problem, how the crew did it. Plain paragraphs (no headings); ' +
      "link to a service by its path, like [stump grinding](/stump-grinding). Never a street address or a customer's name.",
  },
  schema: (slugs) =>
    z.strictObject({
      title: hint(text, 'What was done, like "Two leaning Douglas-firs removed above a carport".'),
      date: hint(isoDate, 'The day the job was finished. The newest jobs show first.'),
      city: hint(citySlug(slugs), "The city the job was in: it shows on that city's page."),
      services: hint(z.array(serviceSlug(slugs)).min(1), "The services the job was: it shows on each one's page (the newest three there)."),
      neighbourhood: hint(text, 'The part of the city, like Deer Lake or Queensborough: never a street address.'),
      photos: hint(
        z
          .array(
            z.strictObject({
              src: z.string().meta({
                cmsWidget: 'image',
                title: 'Photo',
                description: 'A photo from the job as it comes off the phone: the site makes every size it needs.',
              }),
              alt: hint(text, 'What the photo shows, for people who cannot see it ("The stump ground below the lawn").'),
              label: hint(z.enum(['before', 'after']), 'Before or after the work, when the photo is one of a pair (optional).').optional(),
            }),
          )
          .min(1)
          .max(4),
        'One to four photos, in the order they show: a before and an after make the best pair.',
      ),
    }),
  model: (d, t) => {
    const photos: (Photo & { label?: 'before' | 'after' })[] = d.photos.flatMap((p, i) => {
      const at = { image: `photos[${i}].src`, alt: `photos[${i}].alt` };
      const photo = t.photoAt(p.src.trim(), p.alt, at, jobPlace(d.photos.length));
      return photo ? [{ ...photo, ...(p.label ? { label: p.label } : {}) }] : [];
    });
    const sections = t.sections();
    const heading = sections.find((s) => s.heading);
    if (heading) t.refuse(`body, line ${t.bodyLine('## ')}`, "a job's story is a few paragraphs, without ## headings");
    return { ...d, photos, story: sections.map((s) => s.html).join('') };
  },
  sort: (a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? 1 : -1), // newest first
});

// content/pages/recent-work.md → /recent-work, /recent-work/page/2, ... (once there is a job): the jobs (job.ts), newest
// first, site.yaml's jobs.perPage to a page, and the words of the recent-work sections of city and service pages.
import * as z from 'zod';
import { hint, pagerWords, pageTop, single, text } from '../kind.ts';

export const recentWork = single({
  file: 'pages/recent-work.md',
  path: '/recent-work',
  lists: { field: 'jobs', perPage: (s) => s.jobsSettings.perPage, always: false, lastmod: (job) => String(job.date) },
  editor: { label: 'Recent work' },
  /** Its block of site.yaml, named like the collection it lists: jobs per page. */
  settings: {
    jobs: z
      .strictObject({
        perPage: hint(
          z.number().int().min(1),
          'Jobs on /recent-work; older ones are on /recent-work/page/2, /recent-work/page/3, ...',
        ).default(12),
      })
      .default({ perPage: 12 })
      .meta({ description: 'Recent work: how many jobs /recent-work shows on a page. Each job is an entry under Jobs.' }),
  },
  schema: () => {
    const pattern = (token: string, example: string) =>
      hint(
        text.refine((s) => s.includes(token), { error: `must contain ${token}, where the name goes, like "${example}"` }),
        `${token} stands for the name, like "${example}".`,
      );
    return z.strictObject({
      ...pageTop,
      cityHeading: pattern('{city}', 'Recent work in {city}'),
      serviceHeading: pattern('{service}', '{service}: recent jobs'),
      allLink: hint(text, 'The link from those sections to /recent-work.'),
      footerLink: hint(text, "The footer's link to /recent-work (shown once there is a job)."),
      labels: hint(z.strictObject({ before: text, after: text }), 'The words on photos marked before or after.'),
      pager: hint(
        z.strictObject({
          ...pagerWords,
          pagedTitle: pattern('{page}', 'Recent work, page {page} of {pages}'),
        }),
        'The page numbers under the jobs: their name for screen readers, the steps, and the title of a later page.',
      ),
    });
  },
  model: (d) => d,
});

// Finished jobs in a fixture's content/jobs/, with phone photos in content/images/: the sample content has none.
import { mkdirSync, writeFileSync } from 'node:fs';
import { textOf, type Fixture } from './fixture.ts';
import { phonePhoto } from './photos.ts';

export interface TestJob {
  slug: string;
  title: string;
  date: string;
  city: string;
  services: string[];
  neighbourhood: string;
  photos: { src: string; alt: string; label?: 'before' | 'after' }[];
  story: string;
}

/** Writes the jobs and draws their photos (small phone photos, one per file name, so the photo cache keeps them). */
export async function addJobs(fx: Fixture, jobs: TestJob[]): Promise<void> {
  mkdirSync(fx.file('jobs'), { recursive: true });
  mkdirSync(fx.file('images'), { recursive: true });
  const drawn = new Set<string>();
  for (const job of jobs) {
    for (const p of job.photos) {
      if (drawn.has(p.src)) continue;
      drawn.add(p.src);
      writeFileSync(fx.file(p.src.slice(1)), await phonePhoto(drawn.size + 20, { width: 1200, height: 900, orientation: 1 }));
    }
    const { slug, story, ...data } = job;
    fx.write(`jobs/${slug}.md`, textOf('job.md', { data, body: `${story}\n` })); // as a person (or the editor) writes it
  }
}

/** A job in a city for some services, with a before and an after photo, on a day. */
export function testJob(n: number, city: string, services: string[], date: string): TestJob {
  return {
    slug: `test-job-${n}`,
    title: `Test job ${n}: a leaning fir taken down in sections`,
    date,
    city,
    services,
    neighbourhood: `Test Heights ${n}`,
    photos: [
      { src: `/images/test-job-${n}-before.jpg`, alt: `Test job ${n}: the fir leaning over the garage`, label: 'before' },
      { src: `/images/test-job-${n}-after.jpg`, alt: `Test job ${n}: the yard after the fir came down`, label: 'after' },
    ],
    story: `The fir leaned over the garage after the windstorm. Test job ${n}: we took it down in sections from the bucket.`,
  };
}

// A finished job as a card, and the section of a city's or a service's page that shows the newest ones.
import { kinds } from '../model/kinds.ts';
import type { Job, Site } from '../model/types.ts';
import { jobPlace, pictureHtml, SIZES } from '../picture.ts';
import { useStyle } from '../styles.ts';
import { formatDate, ServiceChips } from './blocks.tsx';
import { Icon } from './icons.tsx';

/** How many jobs a city's or a service's page shows. */
export const JOBS_ON_A_PAGE = 3;

/** A job: its photos (before and after marked), when and where, what was done, the story and its services. */
export function JobCard({ job, site, level: Heading = 'h3' }: { job: Job; site: Site; level?: 'h2' | 'h3' }) {
  useStyle('cards', 'jobs');
  const city = site.cities.find((c) => c.slug === job.city)!;
  const services = job.services.map((slug) => site.services.find((s) => s.slug === slug)!);
  const labels = site.recentWork.labels;
  const sizes = SIZES[jobPlace(job.photos.length)];
  const photos = job.photos.map((p) => pictureHtml(p.label ? { ...p, caption: labels[p.label] } : p, sizes)).join('');
  return (
    <li className="card job-card" id={job.path.split('#')[1]}>
      <div
        className={`job-card__photos${job.photos.length > 1 ? ' job-card__photos--grid' : ''}`}
        dangerouslySetInnerHTML={{ __html: photos }}
      />
      <p className="job-card__meta">
        <time dateTime={job.date}>{formatDate(job.date)}</time> · {job.neighbourhood}, {city.name}
      </p>
      <Heading className="job-card__title">{job.title}</Heading>
      <div className="job-card__story" dangerouslySetInnerHTML={{ __html: job.story }} />
      <ServiceChips services={services} className="job-card__services" />
    </li>
  );
}

/** The newest jobs of a city or a service, linking to /recent-work; nothing at all without a job. */
export function RecentWork({ site, jobs, heading, alt }: { site: Site; jobs: Job[]; heading: string; alt: boolean }) {
  if (!jobs.length) return null;
  useStyle('band', 'cards', 'jobs', 'buttons');
  return (
    <section className={`band${alt ? ' band--alt' : ''} recent-work`} aria-labelledby="recent-work-heading">
      <div className="container">
        <h2 id="recent-work-heading">{heading}</h2>
        <ul className="card-grid card-grid--3">
          {jobs.slice(0, JOBS_ON_A_PAGE).map((job) => (
            <JobCard key={job.slug} job={job} site={site} />
          ))}
        </ul>
        <p className="recent-work__all">
          <a className="text-link" href={kinds.recentWork.path}>
            {site.recentWork.allLink}
            <Icon name="arrow" size={18} />
          </a>
        </p>
      </div>
    </section>
  );
}

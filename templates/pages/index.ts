// Each kind's page template, under its key in the registry (templates/model/kinds.ts). A kind whose entries have no
// page of their own (a job) has none.
import type { Kinds } from '../model/kinds.ts';
import type { PageTemplate } from '../model/types.ts';
import { aboutTemplate } from './About.tsx';
import { blogTemplate, postTemplate } from './Blog.tsx';
import { cityTemplate } from './City.tsx';
import { homeTemplate } from './Home.tsx';
import { notFoundTemplate } from './NotFound.tsx';
import { recentWorkTemplate } from './RecentWork.tsx';
import { serviceTemplate } from './Service.tsx';
import { serviceAreasTemplate } from './ServiceAreas.tsx';
import { thanksTemplate } from './Thanks.tsx';

export const templates: Partial<Record<keyof Kinds, PageTemplate<any>>> = {
  home: homeTemplate,
  about: aboutTemplate,
  service: serviceTemplate,
  blog: blogTemplate,
  post: postTemplate,
  serviceAreas: serviceAreasTemplate,
  city: cityTemplate,
  recentWork: recentWorkTemplate,
  notFound: notFoundTemplate,
  thanks: thanksTemplate,
};

// The redirect stubs' script (templates/render.tsx renderRedirect), inline: keeps where the visit came from, then
// replaces the old address with the new one at once, keeping the query and the hash (the stub's own hash otherwise).
import { captureLead } from './lead.ts';

captureLead();
const to = document.documentElement.dataset;
location.replace(to.to + location.search + (location.hash || to.hash || ''));

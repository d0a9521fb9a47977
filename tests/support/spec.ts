// The spec's own lists, written out independently of content/ so tests can catch the site drifting from them.
export const SPEC_CITIES = [
  'new-westminster',
  'burnaby',
  'surrey',
  'coquitlam',
  'port-moody',
  'port-coquitlam',
  'delta',
  'richmond',
  'vancouver',
];
export const SPEC_SERVICES = [
  '/tree-removal',
  '/tree-trimming',
  '/stump-grinding',
  '/emergency-tree-removal',
  '/hedge-trimming',
  '/tree-health-inspection',
  '/storm-cleanup',
  '/lot-brush-clearing',
];
export const SPEC_ROUTES = [
  '/',
  '/about',
  ...SPEC_SERVICES,
  '/blog',
  '/blog/vancouver-tree-removal-permit-guide',
  '/service-areas',
  ...SPEC_CITIES.map((c) => `/service-area/${c}`),
];
export const SPEC_REDIRECTS: [string, string][] = [
  ['/contact', '/#contact'],
  ['/services/tree-removal', '/tree-removal'],
  ['/services/tree-trimming-pruning', '/tree-trimming'],
  ['/services/tree-stump-grinding', '/stump-grinding'],
  ['/services/emergency-tree-removal', '/emergency-tree-removal'],
  ['/services/hedge-trimming', '/hedge-trimming'],
  ['/services/tree-health-inspection', '/tree-health-inspection'],
  ['/services/storm-cleanup', '/storm-cleanup'],
  ['/services/lot-brush-clearing', '/lot-brush-clearing'],
  ['/services/tree-fertilization', '/tree-health-inspection'],
  ['/tree-fertilization', '/tree-health-inspection'],
  ['/service-area/ladner', '/service-areas'],
  ['/service-area/tsawwassen', '/service-areas'],
  ['/service-area/pitt-meadows', '/service-areas'],
  ['/services/stump-removal', '/stump-grinding'],
];
export const ORIGIN = 'https://example.com';

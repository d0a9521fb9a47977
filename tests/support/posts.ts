// Synthetic blog posts for the benchmark and the tests of a large blog: the same i gives the same post on every
// run and machine (for the same content), written as an author would (front matter, one `##` heading, three
// paragraphs, a link to one of the company's service pages, {{phone}}).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CITY_NAMES, SERVICE_PATHS } from './facts.ts';

/** Small seeded generator (mulberry32): the same N gives the same posts on every run and machine. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The words posts are made of: each list one string, split at |. */
const words = (list: string) => list.split('|');
const TOPICS = words(
  'Bigleaf Maple|Western Redcedar|Douglas-fir|Japanese Cherry|Laurel Hedge|Birch|Cedar Hedge|Apple Tree|Hemlock|Katsura|Red Oak|Sequoia|Dogwood|Arbutus|Magnolia|Copper Beech',
);
const ANGLES = words(
  'Pruning Guide|Storm Damage Checklist|When to Remove|Root Problems|Permit Questions|Pests and Disease|Stump Options|Planting Tips|Cost Factors|Winter Care|Hazard Signs|Hedge Shaping',
);
const CITIES = CITY_NAMES; // the company's, so the copy reads like theirs
const SUBJECTS = words(
  'A mature tree|The crown|A leaning trunk|The root zone|A split leader|Fungal conks at the base|A heavy limb|The hedge line|A boulevard tree|Storm-cracked wood|Deadwood in the canopy|A shallow-rooted conifer',
);
const VERBS = words('usually tells you|often hides|rarely shows|can quietly signal|tends to reveal|may point to|seldom explains');
const OBJECTS = words(
  'how much weight the tree is carrying|decay that started years ago|whether the soil is staying saturated|the kind of pruning that helps|a permit question worth asking early|where the next failure could come from|how the tree handled the last windstorm|whether cabling is worth considering|the right season for the work',
);
const TAILS = words(
  'so it is worth a closer look before the autumn storms|especially after a wet winter|and a certified arborist can confirm it on site|which is why we photograph and measure before quoting|although the fix is often simpler than people expect|in most Metro Vancouver yards',
);
const LINKS = SERVICE_PATHS; // pages the content has, so the dead-link check passes whatever services it offers

function sentence(rnd: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  return `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}, ${pick(TAILS)}.`;
}

function isoDay(days: number): string {
  return new Date(Date.UTC(2021, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);
}

/** One post: front matter (title, description, summary, published, modified), one `##` heading and three paragraphs. */
export function syntheticPost(i: number): { slug: string; text: string } {
  const rnd = random(i + 1);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const topic = pick(TOPICS);
  const angle = pick(ANGLES);
  const city = pick(CITIES);
  const title = `${topic} ${angle} for ${city} Homeowners (No. ${i + 1})`;
  const slug = `bench-${i + 1}-${`${topic}-${angle}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const publishedDay = Math.floor(rnd() * 365 * 5); // 2021-01-01 .. 2025-12-31
  const published = isoDay(publishedDay);
  const modified = isoDay(publishedDay + (rnd() < 0.5 ? 0 : Math.floor(rnd() * 120)));
  const paragraph = (n: number) => Array.from({ length: n }, () => sentence(rnd)).join(' ');
  const link = pick(LINKS);
  const body = [
    `## ${pick(['What to look for', 'Before you call', 'How we approach it', 'Timing the work', 'Signs of trouble'])} with a ${topic.toLowerCase()}`,
    paragraph(3 + Math.floor(rnd() * 3)),
    `${paragraph(2 + Math.floor(rnd() * 3))} Our [${link.slice(1).replace(/-/g, ' ')}](${link}) page covers the details.`,
    `${paragraph(2 + Math.floor(rnd() * 4))} In ${city}, call {{phone}} for a free written quote.`,
  ].join('\n\n');
  // JSON strings are valid YAML double-quoted scalars.
  const text = `---
title: ${JSON.stringify(title)}
description: ${JSON.stringify(`${angle} for a ${topic.toLowerCase()} in ${city}: ${sentence(rnd)}`)}
summary: ${JSON.stringify(`${sentence(rnd)} ${sentence(rnd)}`)}
published: ${published}
modified: ${modified}
---
${body}
`;
  return { slug, text };
}

/** Writes posts 0 to n - 1 into dir (a blog folder); their slugs. */
export function writePosts(dir: string, n: number): string[] {
  mkdirSync(dir, { recursive: true });
  return Array.from({ length: n }, (_, i) => {
    const post = syntheticPost(i);
    writeFileSync(path.join(dir, `${post.slug}.md`), post.text);
    return post.slug;
  });
}

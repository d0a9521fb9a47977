// Names the content does not use, for a city, a service or a post a test adds.
import { readFileSync } from 'node:fs';
import { site } from './facts.ts';
import type { Fixture } from './fixture.ts';
import { walk as allFiles } from './files.ts';
import { contentDir } from './paths.ts';

/** The text of every content file (Markdown and YAML) below `dir`, joined. */
export const contentText = (dir = contentDir) =>
  allFiles(dir)
    .filter((f) => /\.(md|ya?ml)$/.test(f))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');

/**
 * A name the content does not use yet (as a slug of any file or listing, or as words anywhere in content/), so a
 * test holds for any company's content, including one that has really added the likeliest next city.
 */
export function unusedName(candidates: string[]): { slug: string; name: string } {
  const words = contentText().toLowerCase();
  for (let n = 1; ; n++)
    for (const c of candidates) {
      const name = n === 1 ? c : `${c} ${n}`;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      if (!words.includes(name.toLowerCase()) && !words.includes(slug)) return { slug, name };
    }
}

/** The city and the service the tests add (docs/editing.md, "New cities and services"). */
export const NEW_CITY = unusedName(['Alder Flats', 'Cedar Hollow', 'Fernbrook']);
export const NEW_SERVICE = unusedName(['Cable Bracing', 'Root Collar Excavation', 'Tree Transplanting']);

/**
 * Adds NEW_CITY and NEW_SERVICE to a fixture's content by their files alone, as the recipe does: each a copy of the last
 * one's file, renamed, with its own title, heading and description, and the service's estimate dialog titled with its
 * name (a copied title would map it to another service's option); `service` changes the service's file further.
 */
export function addCityAndService(fx: Fixture, service = (text: string) => text) {
  const copy = (folder: string, model: { slug: string; name: string }, added: typeof NEW_CITY, title: string) =>
    fx
      .read(`${folder}/${model.slug}.md`)
      .replaceAll(model.name, added.name)
      .replace(/^title: .*$/m, `title: ${title}`)
      .replace(/^h1: .*$/m, `h1: ${title}`)
      .replace(/^description: (?:>-\n(?: {2}.*\n)+|.*\n)/m, `description: ${title}, from the crew that knows the area.\n`);
  fx.write(`cities/${NEW_CITY.slug}.md`, copy('cities', site.cities.at(-1)!, NEW_CITY, `Tree Care in ${NEW_CITY.name}, BC`));
  const copied = copy('services', site.services.at(-1)!, NEW_SERVICE, `${NEW_SERVICE.name} Across Metro Vancouver`);
  fx.write(`services/${NEW_SERVICE.slug}.md`, service(copied.replace(/^(dialog:\n {2}title: ).*$/m, `$1${NEW_SERVICE.name}`)));
}

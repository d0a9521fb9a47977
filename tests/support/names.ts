// Names the content does not use, for a city, a service or a post a test adds.
import { readFileSync } from 'node:fs';
import { allFiles, contentDir } from './site.ts';

/**
 * A name the content does not use yet (as a slug of any file or listing, or as words anywhere in content/), so a
 * test holds for any company's content, including one that has really added the likeliest next city.
 */
export function unusedName(candidates: string[]): { slug: string; name: string } {
  const words = allFiles(contentDir)
    .filter((f) => /\.(md|ya?ml)$/.test(f))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
    .toLowerCase();
  for (let n = 1; ; n++)
    for (const c of candidates) {
      const name = n === 1 ? c : `${c} ${n}`;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      if (!words.includes(name.toLowerCase()) && !words.includes(slug)) return { slug, name };
    }
}

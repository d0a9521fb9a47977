// Where a photo shows on the site's pages, declared once: templates/picture.ts writes its `sizes`, and a kind's model
// names the place of each photo it looks up, so the build and the editor warn of a photo smaller than its place.

/** A place on the site's pages where a photo shows. */
export type Place = 'body' | 'hero' | 'card' | 'job' | 'jobPair';

/**
 * Where a photo sits: `sizes`, what the browser needs to pick a file before the CSS is known, and `crop`, the window a
 * place cuts every photo to whatever its shape (aspect-ratio with object-fit: cover, in styles/photos.css and jobs.css).
 * What a place needs of a photo is read from these (generator/photo-files.ts neededSize).
 */
export const PLACES: Record<Place, { sizes: string; crop?: [number, number] }> = {
  // .prose: at most 68ch of the body text, inside the page's padding
  body: { sizes: '(min-width: 48rem) 40rem, calc(100vw - 2rem)' },
  // the hero's photo column beside the heading from 60em, full width below (styles/photos.css .page-hero--media)
  hero: { sizes: '(min-width: 60em) 34rem, calc(100vw - 2rem)', crop: [4, 3] },
  // a post's card on /blog: a thumbnail column from 36em, full width above the text below
  card: { sizes: '(min-width: 36em) 14rem, calc(100vw - 4rem)', crop: [4, 3] },
  // a job's only photo: a card of the three-column grid from 64em, of two from 40em, full width below
  job: { sizes: '(min-width: 64em) 21rem, (min-width: 40em) calc(50vw - 4rem), calc(100vw - 4rem)', crop: [4, 3] },
  // one of a job's two to four photos, side by side in the card
  jobPair: { sizes: '(min-width: 64em) 10rem, (min-width: 40em) calc(25vw - 2.5rem), calc(50vw - 2.5rem)', crop: [4, 3] },
};

/** Each place's `sizes`. */
export const SIZES = Object.fromEntries(Object.entries(PLACES).map(([k, p]) => [k, p.sizes])) as Record<Place, string>;

/** Where each of a job's photos shows: alone, or one of a pair or more side by side. */
export const jobPlace = (photos: number): Place => (photos > 1 ? 'jobPair' : 'job');

// The company's photos: each file in content/images/ becomes AVIF and WebP, with a JPEG (or, with transparency, PNG)
// fallback, at several widths up to its own, turned upright by its EXIF orientation and stripped of all metadata
// (a phone photo carries the GPS position of the customer's house), plus a 1200x630 crop for social cards. Encoded
// files are cached on disk under the hash of the source and the settings, so a rebuild encodes only what changed.
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { ImageInfo } from '../templates/model/rendered.ts';
import { slugify } from '../templates/model/words.ts';
import { MAX_PIXELS, photoSizeProblem, UNREADABLE, unusablePhoto, WIDEST_PHOTO } from './photo-files.ts';
import { ROOT } from './root.ts';

/** Everything that shapes an encoded file: part of the cache key, so changing a setting re-encodes. */
export const IMAGE_SETTINGS = {
  version: 2,
  widths: [400, 800, 1200, WIDEST_PHOTO], // never above the original: a smaller photo stops at its own width
  avif: { quality: 50, effort: 3 }, // within 10% of effort 4 in size, at less than half its time
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
  og: { width: 1200, height: 630, quality: 80 },
};
export const DEFAULT_CACHE = path.join(ROOT, 'node_modules/.cache/arborist-images');

export interface ImageSet {
  images: Record<string, ImageInfo>; // by the path content writes: /images/name.jpg
  problems: Record<string, string>; // by that path: why the file cannot be used
  encoded: number; // files this build encoded (0 when every photo came from the cache)
  files: { from: string; to: string }[]; // cached file -> its place in the output folder
}

interface Cached {
  width: number;
  height: number;
  fallback: 'jpeg' | 'png';
  widths: number[];
}

/** Reads content/images/ and makes (or takes from the cache) every variant of every photo. */
export async function loadImages(dir: string, cacheDir = DEFAULT_CACHE): Promise<ImageSet> {
  const set: ImageSet = { images: {}, problems: {}, encoded: 0, files: [] };
  if (!existsSync(dir)) return set;
  // the photos are the folder's own files (not hidden ones like .DS_Store, not subfolders)
  const names = (await fs.readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isFile() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
  if (!names.length) return set;
  // one photo at a time, its variants in parallel: libvips spreads each encode over the cores already
  for (const name of names) {
    const src = `/images/${name}`;
    const file = path.join(dir, name);
    const unusable = unusablePhoto(name);
    if (unusable) {
      set.problems[src] = unusable;
      continue;
    }
    const buf = await fs.readFile(file);
    const key = createHash('sha256').update(buf).update(JSON.stringify(IMAGE_SETTINGS)).digest('hex').slice(0, 12);
    const stem = slugify(path.basename(name, path.extname(name)));
    // the output's names carry the file's name (for people) and its hash (for caches); so does the cache's folder
    const base = `${stem || 'photo'}-${key.slice(0, 8)}`;
    const folder = path.join(cacheDir, `${base}-${key.slice(8)}`);
    let meta: Cached;
    try {
      meta = existsSync(path.join(folder, 'meta.json'))
        ? (JSON.parse(await fs.readFile(path.join(folder, 'meta.json'), 'utf8')) as Cached)
        : await encode((await import('sharp')).default, buf, folder, base, set); // loaded only for a photo the cache lacks
    } catch (e) {
      set.problems[src] = (e as Error).message;
      continue;
    }
    const url = (f: string) => `/assets/img/${f}`;
    const variant = (ext: string) => meta.widths.map((w) => ({ w, path: url(`${base}-${w}.${ext}`) }));
    for (const f of await fs.readdir(folder)) if (f !== 'meta.json') set.files.push({ from: path.join(folder, f), to: `assets/img/${f}` });
    set.images[src] = {
      src,
      width: meta.width,
      height: meta.height,
      sources: [
        { type: 'image/avif', srcset: variant('avif') },
        { type: 'image/webp', srcset: variant('webp') },
      ],
      fallback: { type: meta.fallback === 'png' ? 'image/png' : 'image/jpeg', srcset: variant(meta.fallback === 'png' ? 'png' : 'jpg') },
      og: url(`${base}-og.jpg`),
    };
  }
  return set;
}

/**
 * A width moved to the nearest one whose height is a whole number at the photo's exact proportions (a 3:4 photo: a
 * multiple of 3). Then every file has the proportions of the width and height the markup states, and the page does
 * not move by a fraction of a pixel when a file replaces the placeholder box. Proportions with no small whole ratio
 * keep the width.
 */
export function exact(width: number, height: number) {
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const step = width / gcd(width, height);
  return (w: number) => (step > 32 ? w : Math.min(width, Math.max(step, Math.round(w / step) * step)));
}

/** Encodes one photo's variants into a fresh cache folder; throws a message for a file that cannot be used. */
async function encode(sharp: typeof import('sharp').default, buf: Buffer, folder: string, base: string, set: ImageSet): Promise<Cached> {
  let info: import('sharp').Metadata;
  try {
    info = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw new Error(UNREADABLE);
  }
  if (info.format === 'heif' && info.compression !== 'av1')
    throw new Error('is HEIC (an iPhone photo format browsers cannot show): export it as JPEG');
  if (!['jpeg', 'png', 'webp', 'heif'].includes(info.format ?? ''))
    throw new Error(`is ${info.format?.toUpperCase() ?? 'an unknown format'}: save it as JPEG, PNG, WebP or AVIF`);
  const [w0, h0] = [info.width ?? 0, info.height ?? 0];
  const tooLarge = photoSizeProblem(w0, h0); // the editor stores a photo smaller than that (storedSize)
  if (tooLarge) throw new Error(tooLarge);
  const [width, height] = (info.orientation ?? 1) >= 5 ? [h0, w0] : [w0, h0]; // EXIF 5-8 turn the photo a quarter
  const fallback = info.hasAlpha ? 'png' : 'jpeg';
  const s = IMAGE_SETTINGS;
  const widths = [
    ...new Set([...s.widths.filter((w) => w < width), Math.min(width, s.widths[s.widths.length - 1])].map(exact(width, height))),
  ];
  const tmp = `${folder}.tmp-${process.pid}-${Date.now()}`;
  await fs.mkdir(tmp, { recursive: true });
  // Decoded once: turned upright by its EXIF orientation (rotate()) and scaled to the largest width, kept as raw
  // pixels that every variant starts from. sharp writes no metadata unless asked, so EXIF, GPS and XMP are gone.
  const top = widths[widths.length - 1];
  const { data, info: raw } = await sharp(buf, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: Math.max(top, s.og.width), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  const jobs: Promise<unknown>[] = [];
  for (const w of widths) {
    const sized = () => pixels().resize({ width: w, height: Math.round((w * height) / width), fit: 'fill' });
    jobs.push(
      sized()
        .avif(s.avif)
        .toFile(path.join(tmp, `${base}-${w}.avif`)),
      sized()
        .webp(s.webp)
        .toFile(path.join(tmp, `${base}-${w}.webp`)),
      fallback === 'png'
        ? sized()
            .png(s.png)
            .toFile(path.join(tmp, `${base}-${w}.png`))
        : sized()
            .jpeg(s.jpeg)
            .toFile(path.join(tmp, `${base}-${w}.jpg`)),
    );
  }
  jobs.push(
    pixels()
      .resize(s.og.width, s.og.height, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: s.og.quality, mozjpeg: true })
      .toFile(path.join(tmp, `${base}-og.jpg`)),
  );
  try {
    await Promise.all(jobs);
  } catch (e) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw new Error(`cannot be encoded: ${(e as Error).message}`);
  }
  set.encoded += jobs.length;
  const meta: Cached = { width, height, fallback, widths };
  await fs.writeFile(path.join(tmp, 'meta.json'), JSON.stringify(meta));
  await fs.rm(folder, { recursive: true, force: true });
  await fs.rename(tmp, folder); // complete or absent: a build stopped half-way leaves no half-cached photo
  return meta;
}

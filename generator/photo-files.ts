// The photo files the site can use, their limits, and the words for one it cannot use or that is smaller than where it
// shows: shared by the build (images.ts, markdown.ts), the editor's configuration (editor/build/config.ts: what it
// stores) and its script in the browser (editor/browser/photos.ts: what it takes, and the size it stores a photo at).
import { PLACES, type Place } from '../templates/model/places.ts';

/** The file types the build encodes photos from, by their names' endings. */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'];

/** Why a file cannot be a photo of the site, by its name (`IMG_0042.heic`), or null when its type is one it uses. */
export function unusablePhoto(name: string): string | null {
  const ext = /\.[^.]*$/.exec(name.toLowerCase())?.[0] ?? '';
  if (IMAGE_EXTENSIONS.includes(ext)) return null;
  const what = ext === '.heic' || ext === '.heif' ? "an iPhone's HEIC" : ext.slice(1).toUpperCase() || 'no type in its name';
  return `is not a photo the site can use (${what}): export it as JPEG (or PNG, WebP or AVIF) and choose that file`;
}

/** A file that is not an image at all, or a damaged one. */
export const UNREADABLE = 'cannot be read as an image: the file is damaged or not a photo; export it again as JPEG';

/** The widest photo the site shows (images.ts makes every size from the stored file, up to this). */
export const WIDEST_PHOTO = 1600;
/** Larger files are refused: 40 megapixels is beyond any phone camera's photo, and decoding it costs memory. */
export const MAX_PIXELS = 40_000_000;

/** The size a photo is stored at by the editor: no wider than the site shows, and within the build's limit. */
export function storedSize(width: number, height: number): [number, number] {
  const scale = Math.min(1, WIDEST_PHOTO / width, Math.sqrt(MAX_PIXELS / (width * height)));
  return scale === 1 ? [width, height] : [Math.round(width * scale), Math.round(height * scale)];
}

/** Why a photo of this size cannot be used (the build refuses it; the editor stores it at storedSize), or null. */
export function photoSizeProblem(width: number, height: number): string | null {
  if (width * height <= MAX_PIXELS) return null;
  const [w, h] = storedSize(width, height);
  return (
    `is ${width}x${height} (${((width * height) / 1e6).toFixed(1)} megapixels), over the ${MAX_PIXELS / 1e6} megapixel limit: ` +
    `resize it to ${w}x${h} or smaller (the site shows it at most ${WIDEST_PHOTO} pixels wide)`
  );
}

/**
 * The widest a `sizes` ever shows a photo, in CSS pixels (1rem = 1em = 16px, in a media condition too): each
 * condition's length at the largest screen it applies to, which is just under the next wider condition's (a length in vw needs one above it).
 */
export function widestShown(sizes: string): number {
  let above = Infinity; // the narrowest screen of the wider conditions before this one
  let widest = 0;
  for (const part of sizes.split(/,\s*(?![^(]*\))/)) {
    const m = /^(?:\(min-width: ([\d.]+)r?em\)\s+)?(.+)$/.exec(part.trim())!;
    const at = above; // this condition's widest screen
    if (m[1]) above = Number(m[1]) * 16;
    const len = /^calc\(([\d.]+)vw - ([\d.]+)rem\)$/.exec(m[2]);
    const px = len ? (Number(len[1]) * at) / 100 - Number(len[2]) * 16 : Number(/^([\d.]+)rem$/.exec(m[2])?.[1]) * 16;
    if (!Number.isFinite(px)) throw new Error(`sizes "${sizes}": "${m[2]}" has no widest width`);
    widest = Math.max(widest, px);
  }
  return Math.round(widest);
}

/** The size a place needs so that a photo is never enlarged there: its widest, and with a crop window the height too. */
export function neededSize(place: Place): [number, number] {
  const { sizes, crop } = PLACES[place];
  const width = widestShown(sizes);
  return [width, crop ? Math.ceil((width * crop[1]) / crop[0]) : 0];
}

/**
 * Why a photo of this size looks blurry where it shows (it is enlarged there), naming the size it needs, or null. The
 * site serves at most WIDEST_PHOTO pixels of its width, so a panorama is short there whatever its size.
 */
export function smallerThanPlace(width: number, height: number, place: Place): string | null {
  const [needW, needH] = neededSize(place);
  const shown = Math.min(width, WIDEST_PHOTO);
  const shownH = Math.round((height * shown) / width);
  if (shown >= needW && shownH >= needH) return null;
  const crop = PLACES[place].crop;
  const served = shown < width ? ` (${shown}x${shownH} as the site serves it)` : '';
  const window = crop ? `, cut to ${crop.join(':')}` : '';
  const closer = crop && width >= needW && height >= needH ? `, closer to ${crop.join(':')}` : '';
  return (
    `is ${width}x${height}${served}, smaller than where it shows (up to ${needW} pixels wide${window}), so it looks blurry there: ` +
    `use a photo at least ${needW}${needH ? `x${needH}` : ' pixels wide'}${closer}`
  );
}

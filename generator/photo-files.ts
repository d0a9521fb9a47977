// The photo files the site can use, and the words for one it cannot: shared by the build (images.ts), the editor's
// configuration (cms.ts: what it stores) and its save check in the browser (editor-script.ts: what it takes).

/** The file types the build encodes photos from, by their names' endings. */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'];

/** Why a file cannot be a photo of the site, by its name (`IMG_0042.heic`), or null when its type is one it uses. */
export function unusablePhoto(name: string): string | null {
  const ext = /\.[^.]*$/.exec(name.toLowerCase())?.[0] ?? '';
  if (IMAGE_EXTENSIONS.includes(ext)) return null;
  const what = ext === '.heic' || ext === '.heif' ? "an iPhone's HEIC" : ext.slice(1).toUpperCase() || 'no type in its name';
  return `is not a photo the site can use (${what}): export it as JPEG (or PNG, WebP or AVIF) and choose that file`;
}

/** The widest photo the site shows (images.ts makes every size from the stored file, up to this). */
export const WIDEST_PHOTO = 1600;

// A photo made small in the browser before it is sent: what the photo field keeps of each image a visitor chooses.
// It imports nothing, so other browser code can take it as it is.

/** A photo as it is sent: made small, re-encoded (which drops its metadata), with a thumbnail to show. */
export interface Photo {
  file: Blob;
  name: string;
  width: number;
  height: number;
  thumb: string; // a data: URL: the public CSP allows data: images, not blob:
}

const MAX_SIDE = 2048; // px, the longest side of a photo sent
const MAX_BYTES = 1e6; // a photo above this is encoded again at a lower quality
const QUALITIES = [0.85, 0.7, 0.5];
const THUMB = 160; // px, the longest side of a thumbnail (shown at half that)

const canvas = (width: number, height: number) => Object.assign(document.createElement('canvas'), { width, height });

/** Decodes an image upright (EXIF orientation applied), draws it at most MAX_SIDE px on its longest side and encodes
 * it as a JPEG under MAX_BYTES, which leaves its metadata (GPS position included) behind. Rejects a file it cannot
 * read. */
export async function shrink(file: File): Promise<Photo> {
  const img = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = (side: number) => Math.min(1, side / Math.max(img.width, img.height));
  const c = canvas(Math.round(img.width * scale(MAX_SIDE)), Math.round(img.height * scale(MAX_SIDE)));
  const g = c.getContext('2d')!;
  g.imageSmoothingQuality = 'high';
  g.fillStyle = '#fff'; // JPEG has no transparency: a transparent PNG goes on white, not black
  g.fillRect(0, 0, c.width, c.height);
  g.drawImage(img, 0, 0, c.width, c.height);
  const t = canvas(Math.round(img.width * scale(THUMB)), Math.round(img.height * scale(THUMB)));
  t.getContext('2d')!.drawImage(img, 0, 0, t.width, t.height);
  img.close();
  let file2: Blob | null = null;
  for (const q of QUALITIES) {
    file2 = await new Promise<Blob | null>((r) => c.toBlob(r, 'image/jpeg', q));
    if (!file2 || file2.size < MAX_BYTES) break;
  }
  if (!file2) throw new Error('not encoded');
  const name = `${file.name.replace(/\.[^.]*$/, '').slice(0, 80) || 'photo'}.jpg`;
  return { file: file2, name, width: c.width, height: c.height, thumb: t.toDataURL('image/jpeg', 0.8) };
}

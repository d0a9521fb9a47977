// Photos chosen in the editor at /admin (a file input or a drop), before Sveltia CMS sees them: one the build cannot use
// is refused in its words, and every other is made the size the site uses before it is stored (generator/photo-files.ts
// storedSize), so whatever staff choose (a phone's photo, a PNG with transparency, a scan, a panorama) is one the build
// takes. Started by the editor's script (main.ts); the save check (save-check.ts) judges a save with what is recorded here.
import { tell } from './dialog.ts';
import { photoSizeProblem, storedSize, UNREADABLE, unusablePhoto } from '../../generator/photo-files.ts';

/**
 * Photos chosen in this editor are written with the save that uses them, so they are not in the site index yet: they
 * count as saved, by their name as the editor writes it (lower case, dashes), with their size as stored.
 */
export const chosen = new Map<string, [number, number]>();
function record(file: File, size: [number, number]) {
  chosen.set(`/images/${file.name}`, size);
  chosen.set(`/images/${file.name.toLowerCase().replace(/[^a-z0-9.]+/g, '-')}`, size);
}

/** Whether any pixel of the picture drawn is not fully opaque. */
function transparent(context: OffscreenCanvasRenderingContext2D, width: number, height: number): boolean {
  const pixels = context.getImageData(0, 0, width, height).data;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] < 255) return true;
  return false;
}

/**
 * A photo as the site uses it: drawn upright (the browser applies its EXIF orientation) at storedSize, as JPEG of
 * quality 85 without the camera's metadata (its GPS position included), or as PNG where it is transparent; one already
 * that size goes on as it came (the build makes every size from it). A file the browser cannot open is refused in the
 * build's words; one it cannot remake goes on as it came if the build takes it, and is refused if not.
 */
async function prepare(file: File): Promise<{ file: File; size: [number, number] } | string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  if (!bitmap) return UNREADABLE;
  const [width, height] = [bitmap.width, bitmap.height];
  const [w, h] = storedSize(width, height);
  if (w === width) return (bitmap.close(), { file, size: [w, h] });
  try {
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0, w, h);
    const png = file.type !== 'image/jpeg' && transparent(context, w, h);
    const blob = await canvas.convertToBlob(png ? { type: 'image/png' } : { type: 'image/jpeg', quality: 0.85 });
    const ext = png ? '.png' : (/\.jpe?g$/i.exec(file.name)?.[0] ?? '.jpg');
    const name = file.name.replace(/(\.[^.]*)?$/, ext);
    return { file: new File([blob], name, { type: blob.type, lastModified: file.lastModified }), size: [w, h] };
  } catch {
    return photoSizeProblem(width, height) ?? { file, size: [width, height] };
  } finally {
    bitmap.close();
  }
}

/** Set while the files made by take() are handed on to the editor. */
let handing = false;
const NOT_ADDED = 'Not added';
const PREPARING = 'Preparing the photo for the site…';

/**
 * Every file chosen or dropped passes here before the editor sees it. Those the build cannot use (an iPhone's HEIC
 * dropped in from a computer, a damaged file) are refused in the build's words, in a box; the others are made the size
 * the site uses (prepare), then handed on.
 */
function take(e: Event, files: FileList | null | undefined) {
  if (handing || !files?.length) return;
  e.stopImmediatePropagation();
  e.preventDefault();
  const list = [...files];
  const refuse = (refused: string[]) => {
    if (e.target instanceof HTMLInputElement) e.target.value = '';
    tell(NOT_ADDED, refused.join('\n'));
  };
  const unusable = list.flatMap((f) => (unusablePhoto(f.name) ? [`${f.name} ${unusablePhoto(f.name)}`] : []));
  if (unusable.length) return refuse(unusable);
  // until the photos are handed on, the editor has none: a box holds every control (Save included), so a save made
  // meanwhile cannot go out without them or be refused for their absence
  const preparing = tell(PREPARING, list.map((f) => f.name).join('\n'), false);
  void Promise.all(list.map(prepare)).then((made) => {
    const refused = made.flatMap((m, i) => (typeof m === 'string' ? [`${list[i].name} ${m}`] : []));
    if (refused.length) return (preparing.close(), refuse(refused));
    const handed = new DataTransfer();
    for (const m of made) if (typeof m !== 'string') (handed.items.add(m.file), record(m.file, m.size));
    handing = true;
    try {
      if (e instanceof DragEvent) e.target?.dispatchEvent(new DragEvent('drop', { dataTransfer: handed, bubbles: true, cancelable: true }));
      else if (e.target instanceof HTMLInputElement) {
        e.target.files = handed.files;
        e.target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } finally {
      handing = false;
      preparing.close();
    }
  });
}

/** Starts taking every file chosen or dropped in the page, before the editor does. */
export function takePhotos() {
  document.addEventListener('change', (e) => take(e, (e.target as HTMLInputElement | null)?.files), true);
  document.addEventListener('drop', (e) => take(e, e.dataTransfer?.files), true);
}

// Test photos the way a phone makes them: 4000x3000 JPEG, stored on its side with an EXIF orientation, carrying the
// camera's make and the GPS position of where it was taken. Drawn by the tests (sharp), so no binary lives in git.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';
import { site } from './facts.ts';
import { sha256 } from './files.ts';
import { Fixture } from './fixture.ts';
import { root } from './paths.ts';

export const CAMERA_MAKE = 'TestCam Phone';
export const PHOTO = { width: 4000, height: 3000 }; // as stored; EXIF orientation 6 shows it upright as 3000x4000

type PhotoOptions = { width?: number; height?: number; orientation?: number; alpha?: boolean; png?: boolean };

/** Drawn photos, kept between runs: drawing a 4000x3000 one pixel by pixel takes about two seconds of CPU, and the
 * same seed and options always draw the same bytes. Keyed by the drawing code too, so a change to it draws anew. */
const PHOTO_CACHE = path.join(root, 'node_modules/.cache/arborist-test-photos');

/** A JPEG of `width` x `height` pixels, different for each `seed`: soft gradients and shapes, like a photo's. */
export async function phonePhoto(seed = 1, opts: PhotoOptions = {}): Promise<Buffer> {
  const file = path.join(
    PHOTO_CACHE,
    `${sha256(draw.toString() + JSON.stringify([seed, opts, PHOTO, CAMERA_MAKE]))}.${opts.alpha || opts.png ? 'png' : 'jpg'}`,
  );
  if (existsSync(file)) return readFileSync(file);
  const photo = await draw(seed, opts);
  mkdirSync(PHOTO_CACHE, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, photo);
  renameSync(tmp, file); // whole or not at all, whichever worker writes it first
  return photo;
}

async function draw(seed: number, opts: PhotoOptions): Promise<Buffer> {
  const { width: fullWidth = PHOTO.width, height: fullHeight = PHOTO.height, orientation = 6 } = opts;
  // a scan's or a panorama's tens of megapixels are drawn at a fraction and enlarged: seconds, not a minute
  const step = Math.max(1, Math.floor(Math.sqrt((fullWidth * fullHeight) / 4e6)));
  const [width, height] = [Math.round(fullWidth / step), Math.round(fullHeight / step)];
  const channels = opts.alpha ? 4 : 3;
  const px = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const wave = Math.sin((x + seed * 97) / 37) * Math.cos((y - seed * 53) / 29); // foliage-like texture
      px[i] = 40 + (((x * 120) / width + wave * 25 + seed * 13) % 120);
      px[i + 1] = 90 + (((y * 100) / height + wave * 30) % 130);
      px[i + 2] = 50 + ((((x + y) * 60) / (width + height) + wave * 20) % 90);
      if (channels === 4) px[i + 3] = x < width / 2 ? 255 : 0;
    }
  }
  const image = sharp(px, { raw: { width, height, channels } }).resize(fullWidth, fullHeight);
  const exif = {
    IFD0: { Make: CAMERA_MAKE, Model: 'Test 1' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 12/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 54/1 40/1' },
  };
  if (opts.alpha || opts.png) return image.png().toBuffer();
  return image.jpeg({ quality: 88 }).withMetadata({ orientation }).withExif(exif).toBuffer();
}

/**
 * Photos staff may choose that are not a phone's, each as a job's photo and as a page's cover (tests/browser/cms.test.ts),
 * and `stored`: the size and format the editor stores it at, which the build takes. The build refuses one over its limit
 * as it came (tests/build/images.test.ts): the editor and the build agree on these.
 */
export const PHOTO_CASES = [
  {
    what: 'a 6000x8000 PNG with transparency',
    name: 'Crew Cutout.png',
    width: 6000,
    height: 8000,
    alpha: true,
    stored: [1600, 2133, 'png'],
  },
  { what: 'a 12000x1500 panorama, a PNG', name: 'street-panorama.png', width: 12000, height: 1500, png: true, stored: [1600, 200, 'jpeg'] },
  { what: 'a 320x240 photo', name: 'small-photo.jpg', width: 320, height: 240, stored: [320, 240, 'jpeg'] },
] as const;
/** A case's file, drawn upright. */
export const casePhoto = (c: (typeof PHOTO_CASES)[number], seed = 31) =>
  phonePhoto(seed, { width: c.width, height: c.height, orientation: 1, alpha: 'alpha' in c, png: 'png' in c });

/** Whether an encoded file still carries EXIF (the camera's make, or a GPS block). */
export async function hasCameraData(file: string | Buffer): Promise<boolean> {
  const meta = await sharp(file).metadata();
  if (!meta.exif && !meta.xmp && !meta.iptc) return false;
  const e = meta.exif ?? Buffer.alloc(0);
  return (
    e.includes(CAMERA_MAKE) || e.includes(Buffer.from([0x25, 0x88])) || e.includes(Buffer.from([0x88, 0x25])) || !!meta.xmp || !!meta.iptc
  );
}

/** Where the photo fixture puts its photos, and the alt texts it gives them. */
export const PLACED = {
  service: {
    slug: site.services[0].slug, // the first service the company offers
    image: '/images/crew-on-ropes.jpg',
    alt: 'A climber lowering a cut section of fir on a rope beside a house',
  },
  body: {
    image: '/images/stump-ground.jpg',
    alt: 'A cedar stump ground below the lawn',
    caption: 'The stump of a removed cedar, ground flat',
  },
  post: { image: '/images/permit-notice.jpg', alt: 'A tree permit notice stapled to a fence' },
};

/**
 * A copy of content/ with three phone photos: the tree removal page's hero, a captioned photo in its body, and the
 * cover of the newest post (which also shows it lower down, without a caption).
 */
export async function photoFixture(fx = new Fixture()): Promise<Fixture> {
  mkdirSync(fx.file('images'), { recursive: true });
  const photos = [PLACED.service.image, PLACED.body.image, PLACED.post.image];
  for (const [i, src] of photos.entries()) writeFileSync(fx.file(src.slice(1)), await phonePhoto(i + 1));
  const service = `services/${PLACED.service.slug}.md`;
  fx.edit(service, /^name: /m, `image: ${PLACED.service.image}\nimageAlt: ${PLACED.service.alt}\nname: `);
  fx.edit(service, /\n## /, `\n![${PLACED.body.alt}](${PLACED.body.image} "${PLACED.body.caption}")\n\n## `);
  const post = newestPost(fx);
  fx.edit(post, /^published:/m, `image: ${PLACED.post.image}\nimageAlt: ${PLACED.post.alt}\npublished:`);
  fx.edit(post, /\n## /, `\n![${PLACED.post.alt}](${PLACED.post.image})\n\n## `);
  return fx;
}

/** The newest published post's file under content/ (a draft or a post dated later is not on the site). */
export function newestPost(fx: Fixture): string {
  const [newest] = site.posts;
  const file = newest && `blog/${newest.slug}.md`;
  if (!file || !existsSync(fx.file(file))) throw new Error('the photo tests need a published post to put a cover on');
  return file;
}

/** Holds the making of every photo in `page` (the canvas's encoding) until the returned function lets it go: what the
 *  editor shows while a photo is being made, seen at leisure. */
export async function holdPhotoMaking(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const make = OffscreenCanvas.prototype.convertToBlob;
    const held = new Promise((release) => Object.assign(window, { release }));
    OffscreenCanvas.prototype.convertToBlob = async function (...a) {
      await held;
      return make.apply(this, a);
    };
  });
  return () => page.evaluate(() => (window as unknown as { release: () => void }).release());
}

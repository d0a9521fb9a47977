// Test photos the way a phone makes them: 4000x3000 JPEG, stored on its side with an EXIF orientation, carrying the
// camera's make and the GPS position of where it was taken. Drawn by the tests (sharp), so no binary lives in git.
import sharp from 'sharp';

export const CAMERA_MAKE = 'TestCam Phone';
export const PHOTO = { width: 4000, height: 3000 }; // as stored; EXIF orientation 6 shows it upright as 3000x4000

/** A JPEG of `width` x `height` pixels, different for each `seed`: soft gradients and shapes, like a photo's. */
export async function phonePhoto(
  seed = 1,
  opts: { width?: number; height?: number; orientation?: number; alpha?: boolean } = {},
): Promise<Buffer> {
  const { width = PHOTO.width, height = PHOTO.height, orientation = 6 } = opts;
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
  const image = sharp(px, { raw: { width, height, channels } });
  const exif = {
    IFD0: { Make: CAMERA_MAKE, Model: 'Test 1' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 12/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 54/1 40/1' },
  };
  if (opts.alpha) return image.png().toBuffer();
  return image.jpeg({ quality: 88 }).withMetadata({ orientation }).withExif(exif).toBuffer();
}

/** Whether an encoded file still carries EXIF (the camera's make, or a GPS block). */
export async function hasCameraData(file: string | Buffer): Promise<boolean> {
  const meta = await sharp(file).metadata();
  if (!meta.exif && !meta.xmp && !meta.iptc) return false;
  const e = meta.exif ?? Buffer.alloc(0);
  return (
    e.includes(CAMERA_MAKE) || e.includes(Buffer.from([0x25, 0x88])) || e.includes(Buffer.from([0x88, 0x25])) || !!meta.xmp || !!meta.iptc
  );
}

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  ERROR_CODES,
  PHOTO_ERRORS,
  PHOTO_MAX_BYTES,
  PHOTO_WIDTHS,
  PHOTO_ZOOM_WIDTH,
} from '@edicola/contracts';
import { HttpError } from '@edicola/platform';

/** Formats accepted, as sharp names them after reading the file's own bytes (never its name or type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** Largest picture decoded: 40 megapixels (a phone photo is 12-48); more is refused before decoding. */
export const PHOTO_MAX_PIXELS = 40_000_000;

export interface PhotoFile {
  path: string;
  contentType: string;
  data: Buffer;
  sha256: string;
}

export interface PreparedPhoto {
  /** What articles keep as photo_url: the card size, `/media/<path>`. */
  url: string;
  /** The large view: the PHOTO_ZOOM_WIDTH file when the upload is wider than the largest card size, else that one. */
  zoomUrl: string;
  files: PhotoFile[];
}

const unsupported = () => new HttpError(422, PHOTO_ERRORS.type, ERROR_CODES.photoType);

/**
 * Checks an uploaded photo by its content (JPEG, PNG, GIF or WebP, at most 5 MB and 40 megapixels) and
 * re-encodes it as WebP at every width of PHOTO_WIDTHS, and at PHOTO_ZOOM_WIDTH when it is wider than the largest
 * of them (docs/product/article-pages.md#photos), never enlarged, metadata stripped, orientation applied. Files
 * are named by the hash of the upload: the same photo gets the same, immutable addresses.
 */
export async function prepareArticlePhoto(upload: Buffer, folder = 'articles'): Promise<PreparedPhoto> {
  if (upload.length > PHOTO_MAX_BYTES) throw new HttpError(413, PHOTO_ERRORS.size, ERROR_CODES.photoSize);
  // Reading the header decodes nothing, so no limit here: the pixel count is checked just below.
  const metadata = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unsupported();
    });
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupported();
  if (!metadata.width || !metadata.height) throw unsupported();
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) {
    throw new HttpError(422, 'Immagine troppo grande: massimo 40 megapixel.');
  }

  const name = createHash('sha256').update(upload).digest('hex').slice(0, 24);
  // The width once rotated: a portrait phone photo's stored width is its height.
  const shownWidth = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const widths: number[] = shownWidth > largest ? [...PHOTO_WIDTHS, PHOTO_ZOOM_WIDTH] : [...PHOTO_WIDTHS];
  const files = await Promise.all(
    widths.map(async (width) => {
      const data = await sharp(upload, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer()
        .catch(() => {
          throw new HttpError(422, 'Immagine danneggiata o illeggibile.');
        });
      return {
        path: `${folder}/${name}-${width}.webp`,
        contentType: 'image/webp',
        data,
        sha256: createHash('sha256').update(data).digest('hex'),
      };
    }),
  );
  return { url: `/media/${files[0]!.path}`, zoomUrl: `/media/${files[files.length - 1]!.path}`, files };
}

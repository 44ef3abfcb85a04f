/**
 * Widths (px) each uploaded photo is stored at, as WebP. `photo_url` names the card size (the first);
 * the others sit beside it with the width swapped: `/media/articles/<hash>-400.webp` → `-800.webp`.
 */
export const PHOTO_WIDTHS = [400, 800] as const;
const SIZED_PHOTO = /^(.*-)(\d+)(\.webp)$/;

/**
 * A srcset for an article photo (`mediaBaseUrl` + each stored width), or null for a photo stored in one
 * size only (an older or external address): then use `photo_url` as it is.
 */
export function photoSrcSet(mediaBaseUrl: string, photoUrl: string | null): string | null {
  const match = photoUrl ? SIZED_PHOTO.exec(photoUrl) : null;
  if (!match || !PHOTO_WIDTHS.includes(Number(match[2]) as (typeof PHOTO_WIDTHS)[number])) return null;
  const base = mediaBaseUrl.replace(/\/$/, '');
  return PHOTO_WIDTHS.map((w) => `${base}${match[1]}${w}${match[3]} ${w}w`).join(', ');
}

/**
 * The displayed width of an article page's gallery photo (`<img sizes>`): the same in the page (mf-catalog's
 * Gallery) and in the storefront server's preload of the cover (`imagesizes`), or the browser fetches it twice.
 */
export const ARTICLE_PHOTO_SIZES = '(min-width: 900px) 560px, 100vw';

/** The address of an article photo: the media base address plus photo_url (absolute URLs kept). */
export function photoAddress(mediaBaseUrl: string, photoUrl: string): string {
  if (/^https?:\/\//.test(photoUrl)) return photoUrl;
  return `${mediaBaseUrl.replace(/\/+$/, '')}/${photoUrl.replace(/^\/+/, '')}`;
}

/** The social share text: the description cut at 100 characters (docs/product/constants.md#defaults). */
export function shareDescription(description: string): string {
  return description.length > 100 ? `${description.slice(0, 100)}…` : description;
}

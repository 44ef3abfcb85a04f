import type { Db } from '@edicola/platform';
import { visits } from '../db/schema';

/**
 * The page a visit counts for: the path of page_url (query and fragment dropped, so a token or an
 * e-mail in a query never lands in the statistics), or the text itself when it is not an address.
 */
export function pageOf(pageUrl: string): string {
  try {
    return new URL(pageUrl, 'http://storefront.invalid').pathname.slice(0, 512) || '/';
  } catch {
    return pageUrl.slice(0, 512);
  }
}

/** Only the origin of a referrer is kept: enough to see where visitors come from. */
export function referrerOf(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).origin.slice(0, 255);
  } catch {
    return null;
  }
}

export async function recordVisit(
  db: Db,
  visit: { page_url: string; page_title?: string | null; referrer?: string | null; session_id: string },
  countryCode: string,
): Promise<void> {
  await db.insert(visits).values({
    page: pageOf(visit.page_url),
    pageTitle: visit.page_title || null,
    referrer: referrerOf(visit.referrer),
    sessionId: visit.session_id,
    countryCode,
  });
}

import {
  STOCK_ALERT_CONSENT_SOURCE,
  STOCK_ALERT_CONSENT_VERSION,
  type EventData,
  type Language,
} from '@edicola/contracts';
import type { ArticleRow } from '../db/schema';

/** The data of `article.alert_requested`: the sold-out article and who asked to be told (decision 0064). */
export function articleAlertRequested(
  article: Pick<ArticleRow, 'id' | 'slug' | 'title'>,
  email: string,
  language: Language,
  when: Date,
): EventData<'article.alert_requested'> {
  return {
    article_id: article.id,
    slug: article.slug,
    title: article.title,
    email: email.trim().toLowerCase(),
    language,
    consent_source: STOCK_ALERT_CONSENT_SOURCE,
    consent_version: STOCK_ALERT_CONSENT_VERSION,
    requested_at: when.toISOString(),
  };
}

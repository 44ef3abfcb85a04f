import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { requestStockAlert } from '../stock-alerts/alerts';

/** A visitor asked to be told when an article is back: the alert is kept and its confirmation sent. */
export function onArticleAlertRequested(ctx: NotifyContext): EventHandler<'article.alert_requested'> {
  return async (event, tx) => {
    await requestStockAlert(tx, ctx, event.data);
  };
}

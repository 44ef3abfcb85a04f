import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { onStockMoved } from '../stock-alerts/alerts';

/**
 * An article's stock moved (a delta, a cancellation, an arrival: every path announces article.changed): the
 * waiting list is told when units came back.
 */
export function onArticleChanged(ctx: NotifyContext): EventHandler<'article.changed'> {
  return async (event, tx) => {
    await onStockMoved(tx, ctx, event.data);
  };
}

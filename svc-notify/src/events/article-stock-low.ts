import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { lowStockToShop } from '../templates/shop-mails';

/** An article reached its low-stock threshold: the shop is told, once per time it gets there. */
export function onArticleStockLow(ctx: NotifyContext): EventHandler<'article.stock_low'> {
  return async (event, tx) => {
    await ctx.mailer.send(tx, {
      kind: 'shop_low_stock',
      about: event.id,
      language: 'it',
      mail: await lowStockToShop(event.data, ctx.shop),
    });
  };
}

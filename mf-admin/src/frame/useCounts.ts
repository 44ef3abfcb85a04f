import { useLoad } from '@edicola/web-kit';
import type { AdminApi } from '../api';

export interface TabCounts {
  articles?: number;
  lowStock?: number;
  prevendita?: number;
  prenotazione?: number;
  orders?: number;
  /** Orders pending or paid: waiting for staff (docs/product/back-office.md#tabs). */
  ordersAlert?: number;
  reviews?: number;
  reviewsPending?: number;
  shippingRules?: number;
}

const NO_COUNTS: TabCounts = {};

const nothing = () => Promise.resolve(undefined);

/**
 * The counts of the tab headers; each is left out when its call fails (the tab itself says why). A cashier sees
 * articles and orders only: the reviews and shipping rules are not asked.
 */
export function useCounts(api: AdminApi, cashier = false) {
  const { data, reload } = useLoad(
    (signal) =>
      Promise.allSettled([
        api.articles.counts(signal),
        api.orders.list({ page_size: 1 }, signal),
        cashier ? nothing() : api.reviews.stats(signal),
        cashier ? nothing() : api.shipping.rules(signal),
      ]).then(([articles, orders, reviews, rules]): TabCounts => {
        const value = <T>(result: PromiseSettledResult<T>) =>
          result.status === 'fulfilled' ? result.value : undefined;
        const a = value(articles);
        const o = value(orders)?.counts;
        const r = value(reviews);
        return {
          articles: a?.articles,
          lowStock: a?.low_stock,
          prevendita: a?.prevendita,
          prenotazione: a?.prenotazione,
          orders: o?.all,
          ordersAlert: o ? o.pending + o.paid : undefined,
          reviews: r?.total_reviews,
          reviewsPending: r?.pending_reviews,
          shippingRules: value(rules)?.length,
        };
      }),
    cashier ? 'counts-cashier' : 'counts',
  );
  return { counts: data ?? NO_COUNTS, refresh: reload };
}

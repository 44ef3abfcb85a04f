import { useCallback, useEffect, useState } from 'react';
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

/** The counts of the tab headers; each is left out when its call fails (the tab itself says why). */
export function useCounts(api: AdminApi) {
  const [counts, setCounts] = useState<TabCounts>({});
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.allSettled([
      api.articles.counts(signal),
      api.orders.list({ page_size: 1 }, signal),
      api.reviews.stats(signal),
      api.shipping.rules(signal),
    ]).then(([articles, orders, reviews, rules]) => {
      if (signal.aborted) return;
      const value = <T>(result: PromiseSettledResult<T>) =>
        result.status === 'fulfilled' ? result.value : undefined;
      const a = value(articles);
      const o = value(orders)?.counts;
      const r = value(reviews);
      setCounts({
        articles: a?.articles,
        lowStock: a?.low_stock,
        prevendita: a?.prevendita,
        prenotazione: a?.prenotazione,
        orders: o?.all,
        ordersAlert: o ? o.pending + o.paid : undefined,
        reviews: r?.total_reviews,
        reviewsPending: r?.pending_reviews,
        shippingRules: value(rules)?.length,
      });
    });
    return () => controller.abort();
  }, [api, round]);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { counts, refresh };
}

import {
  ORDER_PAGE_SIZE_DEFAULT,
  ORDER_TAB_STATUSES,
  OrderChannel,
  OrderPaymentFilter,
  OrderSort,
  PaymentMethod,
  type OrderFilterQuery,
  type OrderListQuery,
  type OrderStatusCounts,
  type OrderTab,
} from '@edicola/contracts';

/**
 * The status tabs of docs/product/back-office.md#status-tabs as the address names them (?stato=nuovi), in
 * their order on screen.
 */
export const TAB_SLUGS: { slug: string; tab: OrderTab }[] = [
  { slug: 'tutti', tab: 'all' },
  { slug: 'nuovi', tab: 'new' },
  { slug: 'confermati', tab: 'confirmed' },
  { slug: 'spediti', tab: 'shipped' },
  { slug: 'consegnati', tab: 'delivered' },
  { slug: 'annullati', tab: 'cancelled' },
];

const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const oneOf = <T extends string>(options: readonly T[], value: string | null) =>
  options.includes(value as T) ? (value as T) : undefined;

/** The list's filters as the address keeps them, so a reload, back or a shared link shows the same view. */
export function filtersOf(params: URLSearchParams): OrderFilterQuery {
  const tab = TAB_SLUGS.find((t) => t.slug === params.get('stato'))?.tab ?? 'all';
  const from = isoDay(params.get('dal'));
  let to = isoDay(params.get('al'));
  if (from && to && to < from) to = undefined;
  return {
    tab: tab === 'all' ? undefined : tab,
    q: params.get('q')?.trim() || undefined,
    payment_method: oneOf(PaymentMethod.options, params.get('metodo')),
    payment: oneOf(OrderPaymentFilter.options, params.get('pagamento')),
    channel: oneOf(OrderChannel.options, params.get('canale')),
    from,
    to,
    sort: oneOf(OrderSort.options, params.get('ordina')) ?? 'newest',
  };
}

export function listQueryOf(params: URLSearchParams): OrderListQuery {
  return {
    ...filtersOf(params),
    page: Math.max(1, Math.floor(Number(params.get('pagina'))) || 1),
    page_size: ORDER_PAGE_SIZE_DEFAULT,
  };
}

/** The figure of a tab: the answer's counts per status summed over the tab's statuses. */
export function tabCount(counts: OrderStatusCounts, tab: OrderTab): number {
  const statuses = ORDER_TAB_STATUSES[tab];
  return statuses ? statuses.reduce((n, s) => n + counts[s], 0) : counts.all;
}

/** Today in Europe/Rome as YYYY-MM-DD (the invoice date's default, the CSV's name). */
export function todayInRome(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

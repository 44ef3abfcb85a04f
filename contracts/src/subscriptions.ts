import type { EventType } from './events';

/**
 * Which service consumes which event types: the one table the RabbitMQ topology is declared from. Every service
 * declares every subscriber's queue at start, so an event published before its consumer ever ran waits in that
 * consumer's queue.
 * A service's `bus.on` registrations belong here; one missing still gets its queue when that service starts, and
 * until then publishing the type fails (unroutable) and the outbox keeps retrying.
 */
export const SUBSCRIPTIONS = {
  'svc-catalog': ['order.status_changed', 'order.items_restocked', 'listing.changed', 'customer.erased'],
  'svc-notify': [
    'order.created',
    'order.status_changed',
    'payment.succeeded',
    'payment.failed',
    'payment.refunded',
    'payment.refund_failed',
    'review.replied',
    'article.stock_low',
    'account.password_reset_requested',
    'customer.erased',
    'order.presale_notice',
  ],
  'svc-orders': [
    'payment.succeeded',
    'payment.failed',
    'payment.refunded',
    'payment.refund_failed',
    'audit.recorded',
    'article.release_date_changed',
  ],
  'svc-payments': ['order.refund_requested', 'order.status_changed'],
  'svc-channels': ['article.changed', 'order.status_changed'],
} as const satisfies Record<string, readonly EventType[]>;

export type Subscriber = keyof typeof SUBSCRIPTIONS;
export type Subscriptions = Readonly<Record<string, readonly string[]>>;

/** The services that consume `type`. */
export function subscribersOf(type: string, table: Subscriptions = SUBSCRIPTIONS): string[] {
  return Object.entries(table)
    .filter(([, types]) => types.includes(type))
    .map(([service]) => service);
}

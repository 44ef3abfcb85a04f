import type { EventData, OrderLine, OrderStatus } from '@edicola/contracts';

export interface StatusChange {
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  items: OrderLine[];
  customerEmail: string;
  trackingNumber: string | null;
}

/** The data of `order.status_changed`, as every status change of an order publishes it. */
export function orderStatusChanged(change: StatusChange): EventData<'order.status_changed'> {
  return {
    order_id: change.orderId,
    from: change.from,
    to: change.to,
    items: change.items.map(({ article_id, quantity }) => ({ article_id, quantity })),
    customer_email: change.customerEmail,
    tracking_number: change.trackingNumber,
  };
}

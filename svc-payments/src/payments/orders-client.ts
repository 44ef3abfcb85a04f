import {
  InternalOrder,
  pathTo,
  ROUTES,
  type InternalCreateOrderRequest,
  type OnlineCheckoutRequest,
  type OnlinePaymentMethod,
} from '@edicola/contracts';
import type { InternalClient } from '@edicola/platform';

/** svc-orders' internal API as the payments use it. */
export interface OrdersApi {
  /** A pending order for an online payment, with the id the payment chose (a repeat answers the same order). */
  create(body: InternalCreateOrderRequest): Promise<InternalOrder>;
  get(orderId: string): Promise<InternalOrder>;
}

export function ordersApi(internal: InternalClient): OrdersApi {
  return {
    async create(body) {
      const answer = await internal.post('svc-orders', ROUTES['POST /internal/orders'].path, body, {
        idempotencyKey: `order-${body.order_id}`,
      });
      return InternalOrder.parse(answer);
    },
    async get(orderId) {
      const answer = await internal.get(
        'svc-orders',
        pathTo(ROUTES['GET /internal/orders/:id'], { id: orderId }),
      );
      return InternalOrder.parse(answer);
    },
  };
}

/** The order request of POST /checkout/session and POST /paypal/create-order. */
export function internalOrderRequest(
  orderId: string,
  method: Extract<OnlinePaymentMethod, 'card' | 'paypal'>,
  body: OnlineCheckoutRequest,
  customerId: string | null,
  clientAddress: string,
): InternalCreateOrderRequest {
  const a = body.shipping_address;
  return {
    order_id: orderId,
    customer_id: customerId,
    client_address: clientAddress,
    items: body.items,
    customer_info: {
      name: body.customer_name,
      email: body.customer_email,
      phone: a.phone,
      address: a.address,
      city: a.city,
      zipCode: a.zipCode,
      notes: a.notes,
      country: a.country,
    },
    payment_method: method,
    total_amount: body.total_amount ?? null,
    order_date: new Date().toISOString(),
    status: 'pending',
    payment_intent_id: null,
    invoice_data: body.invoice_data ?? null,
    shipping_zone: body.shipping_zone ?? null,
    language: body.language ?? 'it',
    discount_code: body.discount_code ?? null,
    gift_card_code: body.gift_card_code ?? null,
  };
}

import { orderReference, type EventData, type Language } from '@edicola/contracts';

/**
 * An order.created event's data as svc-orders emits it for a guest's bank-transfer order, placed now: a fixed
 * date would put its reminder in the past some days later, and every test that sends the due e-mails would
 * count it.
 */
export function transferOrder(
  orderId: string,
  email = 'giulia.russo@example.it',
  language: Language = 'it',
): EventData<'order.created'> {
  const reference = orderReference(orderId);
  return {
    order_id: orderId,
    order_reference: reference,
    order_token: 'dG9rZW4tb2YtdGhlLW9yZGVyLWZvci10aGUtdGVzdHMx',
    order_version: 1,
    status: 'pending',
    payment_method: 'transfer',
    payment_status: 'pending',
    customer_id: null,
    customer_email: email,
    customer_name: 'Giulia Russo',
    items: [
      {
        article_id: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11',
        sku: 'MOD-001',
        title: 'Ferrari 312T Niki Lauda 1:43',
        quantity: 2,
        unit_net_cents: 4990,
        iva_percentage: 22,
        unit_gross_cents: 6088,
        line_total_cents: 12176,
      },
      {
        article_id: '0b5a0e57-4c1b-4f0e-b1b2-6b1f8a9d2c33',
        sku: 'PAN-010',
        title: 'Album Calciatori 2026',
        quantity: 1,
        unit_net_cents: 350,
        iva_percentage: 0,
        unit_gross_cents: 350,
        line_total_cents: 350,
      },
    ],
    subtotal_cents: 12526,
    shipping_cents: 900,
    total_cents: 13426,
    shipping_country: 'IT',
    shipping_address: {
      name: 'Giulia Russo',
      address: 'Via dei Mille 12',
      zip_code: '80121',
      city: 'Napoli',
      country: 'IT',
    },
    bank_transfer: {
      iban: 'IE29 AIBK 9311 5212 3456 78',
      holder: 'Edicola Napoli di Prova',
      bank_name: 'Banca Dimostrativa',
      payment_reason: reference,
      amount: 134.26,
      demo: true,
    },
    created_at: new Date().toISOString(),
    language,
  };
}

/** The same order paid online (card). */
export function cardOrder(
  orderId: string,
  email: string,
  language: Language = 'it',
): EventData<'order.created'> {
  return {
    ...transferOrder(orderId, email, language),
    payment_method: 'card',
    bank_transfer: null,
  };
}

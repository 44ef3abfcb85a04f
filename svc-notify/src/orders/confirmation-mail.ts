import { ORDER_STATUS_LABELS, type EventData, type PaymentMethod } from '@edicola/contracts';
import type { Mail } from '../mail/transport';

type OrderCreated = EventData<'order.created'>;

/** The shop's details an order e-mail names. */
export interface ShopContact {
  name: string;
  email: string;
  phone: string;
}

const euros = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const money = (cents: number) => euros.format(cents / 100);
const countries = new Intl.DisplayNames(['it'], { type: 'region' });
const when = new Intl.DateTimeFormat('it-IT', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Rome',
});

const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  transfer: 'Bonifico bancario',
  card: 'Carta di credito',
  stripe: 'Carta di credito',
  paypal: 'PayPal',
  klarna: 'Klarna, 3 rate senza interessi',
  'klarna-now': 'Klarna, paga ora',
};

function countryName(code: string): string {
  try {
    return countries.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function lines(order: OrderCreated): string[] {
  return order.items.flatMap((item) => [
    `- ${item.quantity} × ${item.title} (SKU ${item.sku})`,
    `  ${money(item.unit_gross_cents)} cad. (${item.iva_percentage === 0 ? 'esente IVA' : `IVA ${item.iva_percentage}% inclusa`}) = ${money(item.line_total_cents)}`,
  ]);
}

function payment(order: OrderCreated): string[] {
  const transfer = order.bank_transfer;
  if (order.payment_method !== 'transfer' || !transfer) {
    return [`Pagamento: ${PAYMENT_METHODS[order.payment_method]}`];
  }
  return [
    `Pagamento: ${PAYMENT_METHODS.transfer}`,
    '',
    `Per completare l'ordine esegui un bonifico di ${money(order.total_cents)} a:`,
    `  Intestatario: ${transfer.holder}`,
    `  IBAN: ${transfer.iban}`,
    ...(transfer.bank_name ? [`  Banca: ${transfer.bank_name}`] : []),
    `  Causale: ${transfer.payment_reason}`,
    ...(transfer.demo
      ? [
          '',
          'ATTENZIONE: questo è un IBAN dimostrativo del negozio di prova, non effettuare alcun pagamento.',
        ]
      : []),
    '',
    "Spediremo l'ordine appena riceveremo il bonifico.",
  ];
}

/**
 * The order confirmation the customer receives when an order is placed: lines, totals, shipping and
 * payment (for a bank transfer the IBAN, holder and the order reference as the reason). In Italian,
 * the shop's language: the event carries no language of the shopper.
 */
export function orderConfirmationMail(order: OrderCreated, shop: ShopContact): Mail {
  const shipping = order.shipping_cents === 0 ? 'gratuita' : money(order.shipping_cents);
  return {
    to: order.customer_email,
    replyTo: shop.email,
    subject: `Conferma ordine ${order.order_reference} - ${shop.name}`,
    text: [
      `Ciao ${order.customer_name},`,
      '',
      `grazie per il tuo ordine su ${shop.name}! Ecco il riepilogo.`,
      '',
      `Ordine: ${order.order_reference}`,
      `Data: ${when.format(new Date(order.created_at))}`,
      `Stato: ${ORDER_STATUS_LABELS[order.status]}`,
      '',
      'Articoli:',
      ...lines(order),
      '',
      `Subtotale: ${money(order.subtotal_cents)}`,
      `Spedizione (${countryName(order.shipping_country)}): ${shipping}`,
      `Totale: ${money(order.total_cents)}`,
      '',
      ...payment(order),
      '',
      `Per qualsiasi domanda rispondi a questa e-mail o chiamaci al ${shop.phone}.`,
      '',
      'A presto,',
      shop.name,
    ].join('\n'),
  };
}

import { z } from 'zod';
import { Ean } from './catalog';
import { GIFT_CARD_DETAILS, GiftCardCode } from './gift-cards';
import { singleLine } from './text';

// The counter (docs/product/counter.md): sales over the shop's counter, on the stock the web sells from, each
// with its documento commerciale from the shop's registratore telematico (RT). A counter sale is an order of
// the shop with channel `counter` (svc-orders); the RT is reached through an adapter (RT_MODE).

/** The channels staff record by hand with "Venduto altrove" (eBay until its own integration runs). */
export const ExternalChannel = z.enum(
  ['subito', 'ebay', 'other'],
  'Canale non valido (subito, ebay o other)',
);
export type ExternalChannel = z.infer<typeof ExternalChannel>;

/** How the RT is reached: `demo` a fake RT in the process, `live` the shop's RT, `off` receipts printed elsewhere. */
export const RtMode = z.enum(['demo', 'live', 'off']);
export type RtMode = z.infer<typeof RtMode>;

/** How the counter takes money: cash, or the card terminal linked to the RT. */
export const CounterPaymentMethod = z.enum(['cash', 'card'], 'Metodo di pagamento non valido (cash o card)');
export type CounterPaymentMethod = z.infer<typeof CounterPaymentMethod>;

const euros = (label: string) =>
  z
    .number(`${label}: inserisci un importo`)
    .min(0, `${label}: l'importo non può essere negativo`)
    .max(100_000, `${label}: importo troppo alto`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}: al massimo 2 decimali`);

/** At most this many lines in one counter sale, and this many units on a line. */
export const COUNTER_MAX_LINES = 100;
export const COUNTER_MAX_UNITS_PER_LINE = 999;

/**
 * One line of a counter sale: the article by id (the screen) or by EAN (a scanner, a test), the quantity and,
 * for staff who may, a unit price (gross, in euros) other than the shop's with the reason.
 */
export const CounterSaleLineRequest = z
  .object({
    article_id: z.uuid({ message: 'Identificativo articolo non valido' }).optional(),
    ean: Ean.optional(),
    quantity: z
      .number('La quantità deve essere un numero intero')
      .int('La quantità deve essere un numero intero')
      .min(1, 'La quantità deve essere almeno 1')
      .max(COUNTER_MAX_UNITS_PER_LINE, 'Quantità troppo alta'),
    unit_price: euros('Il prezzo').optional(),
    price_reason: singleLine().trim().min(3, 'Scrivi il motivo del cambio di prezzo').max(200).optional(),
  })
  .refine((line) => (line.article_id ? 1 : 0) + (line.ean ? 1 : 0) === 1, {
    message: "Ogni riga indica l'articolo con article_id oppure con ean",
  })
  .refine((line) => line.unit_price === undefined || line.price_reason !== undefined, {
    message: 'Scrivi il motivo del cambio di prezzo',
  });
export type CounterSaleLineRequest = z.input<typeof CounterSaleLineRequest>;

/** How a counter sale may be paid: cash, the card terminal, or a gift card (a voucher already paid for). */
export const CounterSalePaymentMethod = z.enum(
  ['cash', 'card', 'gift_card'],
  'Metodo di pagamento non valido (cash, card o gift_card)',
);
export type CounterSalePaymentMethod = z.infer<typeof CounterSalePaymentMethod>;

/** One payment of a sale; a gift card's names its code (docs/product/counter.md#gift-card-at-the-counter). */
export const CounterPayment = z
  .object({
    method: CounterSalePaymentMethod,
    amount: euros("L'importo pagato"),
    code: GiftCardCode.optional().nullable(),
  })
  .refine((p) => p.method !== 'gift_card' || !!p.code, GIFT_CARD_DETAILS.counterCodeMissing);
export type CounterPayment = z.infer<typeof CounterPayment>;

/** A payment as a stored sale shows it: a gift card's code, a credential, is never shown again. */
export const CounterSalePayment = z.object({ method: CounterSalePaymentMethod, amount: z.number() });
export type CounterSalePayment = z.infer<typeof CounterSalePayment>;

/**
 * POST /api/pos/sales, with an `Idempotency-Key` (a repeat answers the same sale). Payments: cash, card or both;
 * the card never exceeds what is due, the cash may (the change is given back); together they cover the total.
 */
export const CounterSaleRequest = z.object({
  lines: z
    .array(CounterSaleLineRequest)
    .min(1, 'Aggiungi almeno un articolo')
    .max(COUNTER_MAX_LINES, `Al massimo ${COUNTER_MAX_LINES} righe in una vendita`),
  payments: z
    .array(CounterPayment)
    .min(1, 'Indica come paga il cliente')
    .max(3, 'Al massimo tre pagamenti: buono regalo, carta e contanti')
    .refine(
      (payments) => new Set(payments.map((p) => p.method)).size === payments.length,
      'Un solo importo per metodo di pagamento',
    ),
});
export type CounterSaleRequest = z.input<typeof CounterSaleRequest>;
/** A sale's request as the server reads it (EANs normalised). */
export type CounterSaleInput = z.output<typeof CounterSaleRequest>;

/** The documento commerciale the RT printed (null fields while not printed, or with RT_MODE off). */
export const CounterReceipt = z.object({
  mode: RtMode,
  /** The RT's serial number (matricola). */
  serial: z.string().nullable(),
  /** The document's number as the RT prints it: `ZZZZ-NNNN` (Z report number and document number). */
  document_number: z.string().nullable(),
  z_number: z.number().int().nullable(),
  printed_at: z.string().nullable(),
});
export type CounterReceipt = z.infer<typeof CounterReceipt>;

/** Taxable amount, VAT and total of one VAT rate, in euros. */
export const VatLine = z.object({
  iva_percentage: z.number().int(),
  taxable: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type VatLine = z.infer<typeof VatLine>;

export const CounterSaleLine = z.object({
  article_id: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int().positive(),
  /** Gross unit price charged, in euros. */
  unit_price: z.number().nonnegative(),
  iva_percentage: z.number().int(),
  line_total: z.number().nonnegative(),
  /** The shop's gross price and the reason, when staff charged another price. */
  price_change: z.object({ list_price: z.number(), reason: z.string() }).nullable(),
  returned_quantity: z.number().int().nonnegative(),
});
export type CounterSaleLine = z.infer<typeof CounterSaleLine>;

/** A return (or void) of a counter sale: units back on the shelf, money back, the RT's return document. */
export const CounterReturn = z.object({
  id: z.string(),
  kind: z.enum(['return', 'void']),
  created_at: z.string(),
  cashier: z.string(),
  lines: z.array(
    z.object({ article_id: z.string(), title: z.string(), quantity: z.number().int().positive() }),
  ),
  amount: z.number().nonnegative(),
  refund_method: CounterPaymentMethod,
  receipt: CounterReceipt,
});
export type CounterReturn = z.infer<typeof CounterReturn>;

/**
 * `printing`: the units are held and the RT has not confirmed the receipt yet (it is retried, never printed
 * twice); `completed`: final, with its receipt; `cancelled`: the RT never printed it and the units went back.
 */
export const CounterSaleStatus = z.enum(['printing', 'completed', 'cancelled']);
export type CounterSaleStatus = z.infer<typeof CounterSaleStatus>;

export const CounterSale = z.object({
  id: z.string(),
  reference: z.string(),
  status: CounterSaleStatus,
  cashier: z.string(),
  created_at: z.string(),
  lines: z.array(CounterSaleLine),
  total: z.number().nonnegative(),
  vat: z.array(VatLine),
  payments: z.array(CounterSalePayment),
  /** Cash given back: what was paid beyond the total. */
  change: z.number().nonnegative(),
  receipt: CounterReceipt,
  /** Why the receipt is not printed yet, in the staff's words (the RT does not answer…); null otherwise. */
  problem: z.string().nullable(),
  returns: z.array(CounterReturn),
  refunded: z.number().nonnegative(),
});
export type CounterSale = z.infer<typeof CounterSale>;

/** GET /api/pos/sales?day=YYYY-MM-DD (the shop's day in Rome; today when absent): that day's sales. */
export const CounterSalesQuery = z.object({
  day: z.iso.date({ message: 'Giorno non valido (AAAA-MM-GG)' }).optional(),
});
export const CounterSaleList = z.object({ day: z.string(), sales: z.array(CounterSale) });
export type CounterSaleList = z.infer<typeof CounterSaleList>;

export const CounterSaleParams = z.object({ id: z.uuid({ message: 'Identificativo vendita non valido' }) });

/**
 * POST /api/pos/sales/{id}/returns (`Idempotency-Key`): the units given back, by article; every unit of the
 * sale not yet returned when `lines` is absent (a void). The money goes back in cash or to the card.
 */
export const CounterReturnRequest = z.object({
  lines: z
    .array(
      z.object({
        article_id: z.uuid({ message: 'Identificativo articolo non valido' }),
        quantity: z
          .number()
          .int('La quantità deve essere un numero intero')
          .min(1, 'La quantità deve essere almeno 1'),
      }),
    )
    .min(1, 'Indica almeno un articolo da rendere')
    .optional(),
  refund_method: CounterPaymentMethod,
});
export type CounterReturnRequest = z.input<typeof CounterReturnRequest>;

/** One payment method's money in a day: sales, returns and what is left. */
export const MethodTotal = z.object({
  method: CounterPaymentMethod,
  sales: z.number(),
  returns: z.number(),
  net: z.number(),
});

/** POST /api/pos/closures: the day's closure (the RT's Z report) over every sale and return not closed yet. */
export const CounterClosure = z.object({
  id: z.string(),
  day: z.string(),
  closed_at: z.string(),
  cashier: z.string(),
  rt_mode: RtMode,
  z_number: z.number().int().nullable(),
  sales_count: z.number().int().nonnegative(),
  returns_count: z.number().int().nonnegative(),
  by_method: z.array(MethodTotal),
  by_vat: z.array(VatLine),
  total_sales: z.number(),
  total_returns: z.number(),
  net: z.number(),
});
export type CounterClosure = z.infer<typeof CounterClosure>;
export const CounterClosureList = z.object({ closures: z.array(CounterClosure) });
export type CounterClosureList = z.infer<typeof CounterClosureList>;

/** 409 detail of a closure with nothing to close. */
export const NOTHING_TO_CLOSE_DETAIL = 'Nessuna vendita da chiudere dopo l’ultima chiusura';

/** GET /api/pos/status: how the counter prints, for the screen's banner. */
export const CounterStatus = z.object({
  rt_mode: RtMode,
  /** The sales still waiting for their receipt. */
  printing: z.number().int().nonnegative(),
  last_closure_at: z.string().nullable(),
  /** May this user charge another price than the shop's (staff and admin). */
  may_change_prices: z.boolean(),
});
export type CounterStatus = z.infer<typeof CounterStatus>;

// --- The stock as the counter sees it (svc-catalog) -----------------------------------------------------------

/** GET /api/stock/lookup?q=: an EAN or SKU (exact) or part of a title. */
export const StockLookupQuery = z.object({
  q: z.string().trim().min(1, 'Scrivi o scansiona un codice').max(100),
});

/**
 * An article as the counter finds it: the gross price the shop asks, the units on the shelf, and the units a web
 * order holds while it waits for its payment (they come back if it is not paid).
 */
export const CounterArticle = z.object({
  id: z.string(),
  sku: z.string(),
  ean: z.string().nullable(),
  title: z.string(),
  photo_url: z.string().nullable(),
  is_active: z.boolean(),
  price: z.number().nonnegative(),
  iva_percentage: z.number().int(),
  gross_price: z.number().nonnegative(),
  quantity_stock: z.number().int().nonnegative(),
  held_by_unpaid_orders: z.number().int().nonnegative(),
});
export type CounterArticle = z.infer<typeof CounterArticle>;
export const StockLookup = z.object({ articles: z.array(CounterArticle) });
export type StockLookup = z.infer<typeof StockLookup>;

/** POST /api/stock/external-sales (`Idempotency-Key`): units sold on another channel (Subito has no API). */
export const ExternalSaleRequest = z.object({
  article_id: z.uuid({ message: 'Identificativo articolo non valido' }),
  quantity: z
    .number('La quantità deve essere un numero intero')
    .int('La quantità deve essere un numero intero')
    .min(1, 'La quantità deve essere almeno 1')
    .max(999, 'Quantità troppo alta'),
  channel: ExternalChannel,
  /** What the buyer paid in all, gross, in euros (for the statistics), when staff know it. */
  amount: euros("L'importo").optional(),
  note: singleLine().trim().max(300).optional(),
});
export type ExternalSaleRequest = z.input<typeof ExternalSaleRequest>;

// --- The demo RT (RT_MODE=demo): what the fake printer inside svc-orders printed -------------------------------

/** One document the demo RT printed, as its paper shows it. */
export const DemoRtDocument = z.object({
  document_number: z.string(),
  kind: z.enum(['receipt', 'return', 'void', 'closure']),
  printed_at: z.string(),
  z_number: z.number().int(),
  total: z.number(),
  /** The printed text, line by line. */
  text: z.array(z.string()),
});
export type DemoRtDocument = z.infer<typeof DemoRtDocument>;

/** GET /api/pos/demo-rt: the demo RT's paper roll, newest first (404 unless RT_MODE is demo). */
export const DemoRtJournal = z.object({ serial: z.string(), documents: z.array(DemoRtDocument) });
export type DemoRtJournal = z.infer<typeof DemoRtJournal>;

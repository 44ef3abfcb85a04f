import {
  CreateOrderRequest,
  InvoiceDataInput,
  MOVES_NEEDING_PAYMENT,
  ORDER_TRANSITIONS,
  orderMoveBlocker,
  OrderStatus,
  canMoveOrder,
  grossCents,
  orderReference,
} from '@edicola/contracts';
import { bankAccountFrom, DEMO_IBAN, isValidIban, transferDetails } from '../src/orders/bank-transfer';
import { mergeLines, priceLines, totalMatches } from '../src/orders/pricing';
import { checkReservation } from '../src/stock/reservations';

describe('pricing in integer cents (docs/product/orders-and-payments.md#pricing)', () => {
  it('rounds the unit gross price half up to the cent, exactly like integer arithmetic', () => {
    const differing: string[] = [];
    for (const iva of [22, 10, 4, 0])
      for (let net = 0; net <= 200_000; net += 1)
        if (grossCents(net, iva) !== Math.floor((net * (100 + iva) + 50) / 100))
          differing.push(`${net}@${iva}`);
    expect(differing).toEqual([]);
    expect(grossCents(25, 22)).toBe(31); // 30.5 rounds up
    expect(grossCents(999, 22)).toBe(1219); // 1218.78
  });

  it('prices each line as unit gross × quantity and sums the subtotal', () => {
    const { lines, subtotalCents } = priceLines([
      { article_id: 'a', sku: 'A', title: 'Album', price: 9.99, iva_percentage: 22, quantity: 3 },
      { article_id: 'b', sku: 'B', title: 'Bustina', price: 0.25, iva_percentage: 22, quantity: 2 },
      { article_id: 'c', sku: 'C', title: 'Libro', price: 15, iva_percentage: 0, quantity: 1 },
    ]);
    expect(lines.map((l) => [l.unit_net_cents, l.unit_gross_cents, l.line_total_cents])).toEqual([
      [999, 1219, 3657],
      [25, 31, 62],
      [1500, 1500, 1500],
    ]);
    expect(subtotalCents).toBe(3657 + 62 + 1500);
  });

  it('accepts a client total within one cent, not two', () => {
    expect(totalMatches(52.19, 5219)).toBe(true);
    expect(totalMatches(52.2, 5219)).toBe(true);
    expect(totalMatches(52.18, 5219)).toBe(true);
    expect(totalMatches(52.21, 5219)).toBe(false);
    expect(totalMatches(1, 5219)).toBe(false);
  });

  it('merges repeated articles into one line', () => {
    expect(
      mergeLines([
        { article_id: 'a', quantity: 1 },
        { article_id: 'b', quantity: 2 },
        { article_id: 'a', quantity: 3 },
      ]),
    ).toEqual([
      { article_id: 'a', quantity: 4 },
      { article_id: 'b', quantity: 2 },
    ]);
  });
});

describe('status transitions (docs/product/orders-and-payments.md#transitions)', () => {
  const allowed = [
    'paid→confirmed', 'paid→shipped', 'paid→cancelled',
    'pending→confirmed', 'pending→cancelled',
    'confirmed→shipped', 'confirmed→cancelled',
    'shipped→delivered',
  ]; // prettier-ignore

  it('allows exactly the moves of the table and nothing else', () => {
    const moves = OrderStatus.options.flatMap((from) =>
      OrderStatus.options.filter((to) => canMoveOrder(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves.sort()).toEqual([...allowed].sort());
    expect(ORDER_TRANSITIONS.delivered).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(canMoveOrder('pending', 'pending')).toBe(false);
    expect(canMoveOrder('pending', 'shipped')).toBe(false);
  });

  it('says which moves need a paid order: confirming, for every payment method', () => {
    expect(MOVES_NEEDING_PAYMENT).toEqual({ pending: ['confirmed'] });
    for (const [from, targets] of Object.entries(MOVES_NEEDING_PAYMENT))
      for (const to of targets!) expect(canMoveOrder(from as OrderStatus, to)).toBe(true);
    expect(orderMoveBlocker({ status: 'pending', payment_status: 'pending' }, 'confirmed')).toBe(
      'needs_payment',
    );
    expect(orderMoveBlocker({ status: 'pending', payment_status: 'failed' }, 'confirmed')).toBe(
      'needs_payment',
    );
    expect(orderMoveBlocker({ status: 'pending', payment_status: 'paid' }, 'confirmed')).toBeNull();
    expect(orderMoveBlocker({ status: 'pending', payment_status: 'pending' }, 'cancelled')).toBeNull();
    expect(orderMoveBlocker({ status: 'paid', payment_status: 'paid' }, 'confirmed')).toBeNull();
    expect(orderMoveBlocker({ status: 'pending', payment_status: 'pending' }, 'shipped')).toBe('not_allowed');
  });
});

describe('invoice data (docs/product/records.md#invoice-data)', () => {
  const issues = (input: unknown) =>
    InvoiceDataInput.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('accepts a private invoice with a valid codice fiscale, upper-cased', () => {
    expect(
      InvoiceDataInput.parse({
        requires_invoice: true,
        invoice_type: 'privato',
        codice_fiscale: 'rssmra85t10a562s',
      }),
    ).toMatchObject({ codice_fiscale: 'RSSMRA85T10A562S' });
  });

  it('refuses a codice fiscale with a wrong check character, or a missing one when an invoice is wanted', () => {
    expect(
      issues({ requires_invoice: true, invoice_type: 'privato', codice_fiscale: 'RSSMRA85T10A562T' }),
    ).toEqual(['codice_fiscale: Codice fiscale non valido']);
    expect(issues({ requires_invoice: true, invoice_type: 'privato' })).toEqual([
      'codice_fiscale: Il codice fiscale è obbligatorio per la fattura',
    ]);
    expect(issues({ requires_invoice: false })).toEqual([]);
  });

  it('needs ragione sociale, a P.IVA with its check digit and a codice fiscale for a company', () => {
    const company = {
      requires_invoice: true,
      invoice_type: 'azienda',
      ragione_sociale: 'Ferrari S.p.A.',
      piva: '00159560366',
      codice_fiscale_azienda: '00159560366',
      pec: 'ferrari@pec.example.it',
      sdi: 'abc1234',
    };
    expect(InvoiceDataInput.parse(company)).toMatchObject({ sdi: 'ABC1234' });
    expect(issues({ ...company, piva: '00159560363' })).toEqual(['piva: Partita IVA non valida']);
    expect(issues({ ...company, sdi: '12' })).toEqual(['sdi: Il codice SDI deve essere di 7 caratteri']);
    expect(issues({ ...company, pec: 'pec' })).toEqual(['pec: La PEC deve essere un indirizzo email valido']);
    expect(issues({ requires_invoice: true, invoice_type: 'azienda' })).toEqual([
      'ragione_sociale: La ragione sociale è obbligatoria',
      'piva: La partita IVA è obbligatoria',
      'codice_fiscale_azienda: Il codice fiscale è obbligatorio',
    ]);
  });
});

describe('the order request', () => {
  it('takes article_id or the cart article object, and ignores nothing else silently', () => {
    const parsed = CreateOrderRequest.parse({
      items: [
        { article_id: '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f', quantity: 1 },
        { article: { id: '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e60', title: 'x', price: 1 }, quantity: 2 },
      ],
      customer_info: {
        name: 'A',
        email: 'a@b.it',
        phone: '1',
        address: 'Via',
        city: 'Napoli',
        zipCode: '80132',
      },
      payment_method: 'transfer',
      total_amount: 10,
      status: 'paid',
    });
    expect(parsed.items).toEqual([
      { article_id: '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f', quantity: 1 },
      { article_id: '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e60', quantity: 2 },
    ]);
  });
});

describe('bank transfer', () => {
  it('has a demo IBAN with a valid checksum, and checks IBANs', () => {
    expect(isValidIban(DEMO_IBAN)).toBe(true);
    expect(isValidIban('IT60 X054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
  });

  it('shows the configured account, or the demo one clearly marked', () => {
    const orderId = '3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f';
    const shop = bankAccountFrom({
      SHOP_IBAN: 'it60 x054 2811 1010 0000 0123 456',
      SHOP_IBAN_HOLDER: 'Edicola Esposito S.n.c.',
      SHOP_BANK_NAME: 'Banca di Napoli',
    });
    expect(transferDetails(shop, orderId, 4919)).toEqual({
      iban: 'IT60X0542811101000000123456',
      holder: 'Edicola Esposito S.n.c.',
      bank_name: 'Banca di Napoli',
      payment_reason: 'ORD-3C4D5E6F',
      amount: 49.19,
      demo: false,
    });
    expect(transferDetails(bankAccountFrom({}), orderId, 100)).toMatchObject({
      iban: DEMO_IBAN,
      holder: expect.stringContaining('DIMOSTRATIVO'),
      demo: true,
    });
  });

  it('uses ORD- and the last 8 characters of the id as the reference', () => {
    expect(orderReference('3b0f0c8e-8a1d-4c6f-bb0e-1f2a3c4d5e6f')).toBe('ORD-3C4D5E6F');
  });
});

describe("the catalogue's reservation answer", () => {
  const line = { article_id: 'a', sku: 'A', title: 'Album', price: 1, iva_percentage: 22, quantity: 2 };
  it('must be the reservation asked for, line by line', () => {
    const asked = [{ article_id: 'a', quantity: 2 }];
    expect(() => checkReservation({ order_id: 'o', lines: [line] }, 'o', asked)).not.toThrow();
    for (const wrong of [
      { order_id: 'x', lines: [line] },
      { order_id: 'o', lines: [{ ...line, quantity: 1 }] },
      { order_id: 'o', lines: [line, { ...line, article_id: 'b' }] },
      { order_id: 'o', lines: [] },
    ])
      expect(() => checkReservation(wrong, 'o', asked)).toThrow(/prenotazione diversa/);
  });
});

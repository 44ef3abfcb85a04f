import { act, screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail, OrderStatus, TimelineEntry } from '@edicola/contracts';
import { shownShipmentState } from './pages/orders/orderView';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sampleOrder, staffApi } from './testFixtures';

const ID = '0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a';

const order = (status: OrderStatus): OrderDetail => ({
  ...sampleOrder({
    id: ID,
    order_date: '2026-11-20T15:00:00.000Z',
    created_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    status,
    order_version: 5,
  }),
  tracking_number: 'TRK1',
  packlink_shipment_id: 'UN2026PRO0001',
  packlink_data: { tracking_number: 'TRK1', carrier_name: 'BRT' },
  invoice_data: null,
  payment_due_at: null,
  transfer_payment: null,
  refund: null,
  status_history: [],
  credit_notes: [],
  shipment: {
    state: 'ready',
    packlink_reference: 'UN2026PRO0001',
    carrier_name: 'BRT',
    service_name: 'Espresso',
    price: 8.5,
    tracking_number: 'TRK1',
    tracking_url: null,
    demo: true,
    error: null,
    created_at: '2026-11-21T10:00:00.000Z',
  },
});

/** The timeline as svc-orders answers it: an Italian summary for each entry, and the data it is worded from. */
const entries: TimelineEntry[] = [
  {
    at: '2026-11-20T15:00:00.000Z',
    kind: 'created',
    summary: 'Ordine creato (108,80 €)',
    by: null,
    data: { total: 108.8, payment_method: 'card' },
  },
  // An invoice known only by its date: placed at the order's creation that day, shown without a time.
  {
    at: '2026-11-20T15:00:00.000Z',
    kind: 'invoice',
    summary: 'Fattura 3/2026 emessa',
    by: null,
    data: { invoice_number: '3/2026', invoice_date: '2026-11-20', date_only: true },
  },
  {
    at: '2026-11-20T15:01:00.000Z',
    kind: 'payment',
    summary: 'Pagamento ricevuto (carta, demo)',
    by: null,
    data: { event: 'paid', payment_method: 'card', provider_reference: 'pi_123', demo: true, amount: 108.8 },
  },
  {
    at: '2026-11-22T09:00:00.000Z',
    kind: 'status',
    summary: 'Stato: Pagato → Spedito (tracking TRK1)',
    by: 'gennaro',
    data: { from: 'paid', to: 'shipped', tracking_number: 'TRK1' },
  },
  {
    at: '2026-11-22T10:00:00.000Z',
    kind: 'refund',
    summary: 'Rimborso richiesto',
    by: null,
    data: { event: 'requested', reason: 'cancelled_by_staff' },
  },
  {
    at: '2026-11-22T11:00:00.000Z',
    kind: 'refund',
    summary: 'Rimborso parziale eseguito: 5,50 €',
    by: null,
    data: { event: 'refunded', amount: 5.5, reason: 'partial_refund', full: false },
  },
  {
    at: '2026-11-23T10:00:00.000Z',
    kind: 'note',
    summary: 'Cliente avvisato',
    by: 'gennaro',
    data: { note_id: 'n1' },
  },
];

function shop(status: OrderStatus) {
  return staffApi({
    [`GET /api/orders/${ID}`]: () => [200, order(status)],
    [`GET /api/orders/${ID}/timeline`]: () => [200, { entries }],
    'GET /api/admin/emails': () => [
      200,
      [
        {
          id: 'e1',
          kind: 'order_confirmation',
          order_id: ID,
          recipient: 'maria@example.it',
          subject: 'Ordine ricevuto',
          language: 'it',
          status: 'sent',
          attempts: 1,
          last_error: null,
          created_at: '2026-11-20T15:00:05.000Z',
          sent_at: '2026-11-20T15:00:06.000Z',
        },
      ],
    ],
  });
}

const renderOrder = () => renderAdminAt(`/gestione/ordini/${ID}`);

const timelineLines = async (count: number) => {
  const timeline = await screen.findByTestId('timeline', {}, { timeout: 5000 });
  await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(count));
  return within(timeline)
    .getAllByRole('listitem')
    .map((li) => li.textContent!.replace(/\s+/g, ' '));
};

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('the order page: timeline and shipment', () => {
  it('words every line of the timeline from the locales, an undated invoice with its day alone', async () => {
    shop('shipped');
    renderOrder();
    const lines = await timelineLines(8);
    expect(lines[0]).toContain('Ordine creato (108,80 €)');
    expect(lines[1]).toMatch(/^20\/11\/2026 Fattura Fattura 3\/2026 del 20\/11\/2026 emessa$/);
    expect(lines[2]).toContain('E-mail Ordine ricevuto → maria@example.it (inviata)');
    expect(lines[3]).toContain('Pagamento ricevuto (Carta, demo)');
    expect(lines[4]).toContain('Stato: Pagato → Spedito (tracking TRK1) — gennaro');
    expect(lines[5]).toContain('Rimborso richiesto (annullato dallo staff)');
    expect(lines[6]).toContain('Rimborso parziale eseguito: 5,50 €');
    expect(lines[7]).toContain('Cliente avvisato — gennaro');
  });

  it('speaks the staff language: nothing of the timeline stays in Italian or in codes', async () => {
    const i18n = await initTestI18n('en');
    try {
      shop('shipped');
      renderOrder();
      const lines = await timelineLines(8);
      expect(lines[0]).toContain('Created Order placed (108,80 €)');
      expect(lines[1]).toContain('Invoice Invoice 3/2026 of 20/11/2026 issued');
      expect(lines[2]).toContain('Ordine ricevuto → maria@example.it (sent)');
      expect(lines[3]).toContain('Payment Payment received (Card, demo)');
      expect(lines[4]).toContain('Status: Paid → Shipped (tracking TRK1)');
      expect(lines[5]).toContain('Refund requested (cancelled by staff)');
      expect(lines[6]).toContain('Partial refund completed: 5,50 €');
      expect(lines.join(' ')).not.toMatch(/Pagamento|Rimborso|Stato|Fattura|emessa|cancelled_by_staff/);
      expect(screen.getByTestId('shipment-state').textContent).toBe('in transit');
    } finally {
      await act(() => i18n.changeLanguage('it'));
    }
  });

  it("shows the shipment as delivered once the order is, though Packlink's last word was 'ready'", async () => {
    shop('delivered');
    renderOrder();
    await waitFor(() => expect(screen.getByTestId('shipment-state').textContent).toBe('consegnata'), {
      timeout: 5000,
    });
  });

  it('carries the shipment state forward with the order, never back, and keeps problems visible', () => {
    expect(shownShipmentState('ready', 'paid')).toBe('ready');
    expect(shownShipmentState('draft', 'confirmed')).toBe('draft');
    expect(shownShipmentState('ready', 'shipped')).toBe('in_transit');
    expect(shownShipmentState('ready', 'delivered')).toBe('delivered');
    expect(shownShipmentState('in_transit', 'delivered')).toBe('delivered');
    expect(shownShipmentState('delivered', 'shipped')).toBe('delivered');
    expect(shownShipmentState('incident', 'delivered')).toBe('incident');
    expect(shownShipmentState('failed', 'shipped')).toBe('failed');
    expect(shownShipmentState('cancelled', 'cancelled')).toBe('cancelled');
  });
});

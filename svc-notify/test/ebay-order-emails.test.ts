import type { EventData } from '@edicola/contracts';
import { cardOrder } from './order-fixture';
import { expectClean, newId, startHarness, textOf, type Harness } from './notify-harness';

// eBay buyers' orders (docs/decisions/0049-marketplace-orders.md): the shop is told, the buyer never (eBay tells
// them), through a real SMTP server.
jest.setTimeout(30_000);

const SHOP = 'negozio@edicola.example';
const BUYER = 'mrossi@members.ebay.it';

function ebayOrder(stockConflict: boolean): EventData<'order.created'> {
  return {
    ...cardOrder(newId(), BUYER),
    payment_method: 'ebay',
    customer_name: 'Mario Rossi',
    channel: 'ebay',
    external_id: '12-34567-89012',
    stock_conflict: stockConflict,
  };
}

const moved = (
  order: EventData<'order.created'>,
  version: number,
  from: EventData<'order.status_changed'>['from'],
  to: EventData<'order.status_changed'>['to'],
): EventData<'order.status_changed'> => ({
  order_id: order.order_id,
  order_version: version,
  from,
  to,
  items: order.items.map(({ article_id, quantity }) => ({ article_id, quantity })),
  customer_email: order.customer_email,
  tracking_number: to === 'shipped' ? 'BRT-EBAY-1' : null,
  language: 'it',
});

describe('svc-notify: eBay orders', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ REVIEW_REQUEST_DELAY_DAYS: '0' });
  }, 60_000);
  afterAll(() => h?.stop());

  const toShopAbout = (order: EventData<'order.created'>) =>
    h.mailsTo(SHOP).filter((m) => m.subject?.includes(order.order_reference));

  it('a new eBay order: one e-mail to the shop with the lines and the buyer, none to the buyer, whatever follows', async () => {
    const order = ebayOrder(false);
    const ids = [await h.emit('order.created', order), await h.emit('order.created', order)];
    await h.settled(ids);
    const mails = toShopAbout(order);
    expect(mails.map((m) => m.subject)).toEqual([
      `Nuovo ordine eBay ${order.order_reference} - 134,26\u00a0€`,
    ]);
    const text = textOf(mails[0]!);
    for (const expected of [
      'Ordine eBay: 12-34567-89012',
      'Acquirente: Mario Rossi',
      '2 × Ferrari 312T Niki Lauda 1:43 - SKU MOD-001',
      '1 × Album Calciatori 2026 - SKU PAN-010',
      'Via dei Mille 12',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('venduto due volte');
    expectClean(mails[0]!);

    // Paid on eBay, shipped, delivered, and one cancelled: eBay tells its buyer, the shop writes nothing.
    const moves = [
      await h.emit('order.status_changed', moved(order, 2, 'pending', 'paid')),
      await h.emit('order.status_changed', moved(order, 3, 'paid', 'shipped')),
      await h.emit('order.status_changed', moved(order, 4, 'shipped', 'delivered')),
    ];
    const other = ebayOrder(false);
    const more = [
      await h.emit('order.created', other),
      await h.emit('order.status_changed', moved(other, 2, 'pending', 'paid')),
      await h.emit('order.status_changed', moved(other, 3, 'paid', 'cancelled')),
    ];
    await h.settled([...moves, ...more]);
    expect(h.mailsTo(BUYER)).toHaveLength(0);
  });

  it('the last unit sold twice: the shop is warned and told what to do', async () => {
    const order = ebayOrder(true);
    await h.settled([await h.emit('order.created', order)]);
    const mails = toShopAbout(order);
    expect(mails.map((m) => m.subject)).toEqual([
      `Attenzione: ultimo pezzo venduto due volte (ordine eBay ${order.order_reference})`,
    ]);
    const text = textOf(mails[0]!);
    expect(text).toContain('non è stato preso nessun pezzo dal magazzino');
    expect(text).toContain('Scegli quale dei due annullare e rimborsa');
    expect(text).toContain('Acquirente: Mario Rossi');
    expect(text).toContain('Ferrari 312T Niki Lauda 1:43');
    expect(h.mailsTo(BUYER)).toHaveLength(0);
  });
});

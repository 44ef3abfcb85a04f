import { screen, within } from '@testing-library/react';
import { initTestI18n } from './testSupport';
import { renderAdminAt, staffApi } from './testFixtures';

const order = (id: string, fields: object = {}) => ({
  id,
  order_reference: `ORD-${id.slice(-8).toUpperCase()}`,
  customer_name: 'Anna Esposito',
  total_amount: 21.2,
  status: 'paid',
  payment_method: 'card',
  order_date: '2026-11-28T09:00:00.000Z',
  payment_due_at: null,
  problem: null,
  ...fields,
});

const busyDay = {
  to_confirm: { count: 7, orders: [order('00000000-0000-4000-8000-0000000000a1')] },
  to_ship: { count: 0, orders: [] },
  transfers_due: {
    count: 1,
    orders: [
      order('00000000-0000-4000-8000-0000000000b2', {
        status: 'pending',
        payment_method: 'transfer',
        payment_due_at: '2026-12-02T10:00:00.000Z',
      }),
    ],
  },
  shipment_problems: {
    count: 1,
    orders: [
      order('00000000-0000-4000-8000-0000000000c3', { status: 'shipped', problem: 'Indirizzo incompleto' }),
    ],
  },
  sdi_rejections: [
    {
      order_id: '00000000-0000-4000-8000-0000000000d4',
      document_id: '00000000-0000-4000-8000-0000000000e5',
      document_number: '2026/0042',
      kind: 'invoice',
      reason: 'Codice destinatario non valido',
      rejected_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

const card = async (id: string) => screen.findByTestId(`home-${id}`);

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

// docs/product/back-office.md#home
describe('the home of the back office', () => {
  it('shows what needs doing, each card with its count and leading to its filtered list or order', async () => {
    staffApi({}, { role: 'admin', lowStock: 3, home: busyDay });
    renderAdminAt('/gestione');
    const confirm = await card('to_confirm');
    expect(within(confirm).getByRole('heading', { name: 'Ordini da confermare 7' })).toBeTruthy();
    expect(within(confirm).getByRole('link', { name: 'ORD-000000A1' }).getAttribute('href')).toBe(
      '/gestione/ordini/00000000-0000-4000-8000-0000000000a1',
    );
    expect(within(confirm).getByRole('link', { name: 'Vedi tutti (7)' }).getAttribute('href')).toBe(
      '/gestione/ordini?stato=nuovi&pagamento=paid&ordina=oldest',
    );
    expect(within(await card('to_ship')).getByText('Niente da fare')).toBeTruthy();
    const transfers = await card('transfers_due');
    expect(transfers.textContent).toContain('scade il 02/12/2026');
    expect(within(transfers).getByRole('link', { name: 'Vedi tutti (1)' }).getAttribute('href')).toBe(
      '/gestione/ordini?stato=nuovi&metodo=transfer&pagamento=to_pay&ordina=oldest',
    );
    expect((await card('shipment_problems')).textContent).toContain('Indirizzo incompleto');
    const stock = await card('low_stock');
    expect(await within(stock).findByRole('link', { name: 'Vedi tutti (3)' })).toBeTruthy();
    expect(within(stock).getByRole('link').getAttribute('href')).toBe('/gestione/articoli?scorta=bassa');
    // The SdI's rejection: its document, its reason, its order.
    const sdi = await card('sdi_rejections');
    expect(within(sdi).getByRole('heading', { name: 'Fatture scartate dallo SdI 1' })).toBeTruthy();
    expect(within(sdi).getByRole('link', { name: '2026/0042' }).getAttribute('href')).toBe(
      '/gestione/ordini/00000000-0000-4000-8000-0000000000d4',
    );
    expect(sdi.textContent).toContain('Codice destinatario non valido');
    expect(screen.queryByTestId('home-empty')).toBeNull();
  });

  it('says there is nothing to do, and shows no SdI card without rejections', async () => {
    staffApi({}, { role: 'staff' });
    renderAdminAt('/gestione');
    expect((await screen.findByTestId('home-empty')).textContent).toContain('Niente da fare');
    expect(screen.queryByTestId('home-sdi_rejections')).toBeNull();
    expect(within(await card('reviews')).getByText('Niente da fare')).toBeTruthy();
  });

  it('leaves the home to a cashier for the counter', async () => {
    staffApi({ 'GET /api/pos/status': () => [404, { detail: 'x' }] }, { role: 'cashier' });
    renderAdminAt('/gestione');
    expect(
      await screen.findByText(
        (_, el) => el?.getAttribute('data-testid') === 'location' && el.textContent === '/gestione/cassa',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Da fare oggi' })).toBeNull();
  });
});

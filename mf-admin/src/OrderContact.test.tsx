import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { OrderDetail } from '@edicola/contracts';
import { timelineText } from './pages/orders/timelineText';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sampleOrder, sent, staffApi, type Handlers } from './testFixtures';

// A web order's buyer and address corrected before it leaves (docs/product/back-office.md#order-editing).
const ID = '7c2d4e6f-8a0b-4c1d-9e2f-3a4b5c6d7e8f';
const paid: OrderDetail = {
  ...sampleOrder({ id: ID, status: 'paid', payment_status: 'paid' }),
  status_history: [],
  credit_notes: [],
  shipment: null,
};

function shop(order: OrderDetail, extra: Handlers = {}) {
  return staffApi({
    [`GET /api/orders/${ID}`]: () => [200, order],
    [`GET /api/orders/${ID}/timeline`]: () => [200, { entries: [] }],
    'GET /api/admin/emails': () => [200, []],
    ...extra,
  });
}

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe("the order page's customer card", () => {
  it('corrects the address of a paid order, and the page shows the order again', async () => {
    const calls = shop(paid, {
      [`PUT /api/orders/${ID}/contact`]: () => [200, paid],
    });
    renderAdminAt(`/gestione/ordini/${ID}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Modifica cliente e indirizzo' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Cliente e indirizzo – ordine / });
    expect((within(dialog).getByLabelText('Nome completo') as HTMLInputElement).value).toBe(
      paid.customer_info.name,
    );
    fireEvent.change(within(dialog).getByLabelText('Indirizzo di spedizione'), {
      target: { value: '  Via dei Tribunali 32 ' },
    });
    fireEvent.change(within(dialog).getByLabelText('CAP'), { target: { value: '80138' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva modifiche' }));
    await screen.findByText('Dati del cliente aggiornati');
    expect(sent(calls, 'PUT', `/api/orders/${ID}/contact`)[0]!.body).toEqual({
      name: paid.customer_info.name,
      email: paid.customer_info.email,
      phone: paid.customer_info.phone,
      address: 'Via dei Tribunali 32',
      city: paid.customer_info.city,
      zipCode: '80138',
    });
    await waitFor(() => expect(sent(calls, 'GET', `/api/orders/${ID}`).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('dialog', { name: /^Cliente e indirizzo/ })).toBeNull();
  });

  it("shows the server's refusal in the dialog", async () => {
    shop(paid, {
      [`PUT /api/orders/${ID}/contact`]: () => [409, { detail: 'La spedizione è già stata creata' }],
    });
    renderAdminAt(`/gestione/ordini/${ID}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Modifica cliente e indirizzo' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: /^Cliente e indirizzo – ordine / });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva modifiche' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('La spedizione è già stata creata');
  });

  it('is not offered once the order has left or its invoice was issued', async () => {
    shop({ ...paid, status: 'shipped' });
    renderAdminAt(`/gestione/ordini/${ID}`);
    await screen.findByTestId('order-status', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Modifica cliente e indirizzo' })).toBeNull();
  });

  it('words the timeline line of a correction in the staff language', async () => {
    const line = {
      at: '2026-11-29T10:00:00.000Z',
      kind: 'edit' as const,
      summary: 'Dati del cliente modificati: indirizzo, CAP',
      by: 'gennaro',
      data: { event: 'contact_updated', fields: ['address', 'zipCode'] },
    };
    expect(timelineText(i18next.getFixedT('it', 'admin'), line)).toBe(
      'Dati del cliente modificati: Indirizzo di spedizione, CAP',
    );
    const i18n = await initTestI18n('en');
    try {
      expect(timelineText(i18n.getFixedT('en', 'admin'), line)).toBe(
        'Customer details changed: Shipping address, Postcode',
      );
    } finally {
      await i18n.changeLanguage('it');
    }
  });
});

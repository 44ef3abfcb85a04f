import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail, SdiDocument, SdiState } from '@edicola/contracts';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sampleOrder, sent, staffApi } from './testFixtures';

// An invoice on its way to the SdI, on the order page (docs/product/orders-and-payments.md#sdi).
const ID = '5a0c9e1f-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const order: OrderDetail = {
  ...sampleOrder({ id: ID, status: 'paid', payment_status: 'paid' }),
  invoice_data: {
    requires_invoice: true,
    invoice_type: 'azienda',
    codice_fiscale: null,
    ragione_sociale: 'Russo Modellismo S.r.l.',
    piva: '00743110157',
    codice_fiscale_azienda: '00743110157',
    pec: null,
    sdi: 'ABC1234',
    invoice_issued: true,
    invoice_number: '7/2026',
    invoice_date: '2026-11-29',
  },
  status_history: [],
  credit_notes: [],
  shipment: null,
};

const documentIn = (state: SdiState): SdiDocument => ({
  id: 'd1',
  order_id: ID,
  kind: 'invoice',
  number: '7/2026',
  date: '2026-11-29',
  state,
  file_name: state === 'to_send' ? null : 'IT01234567897_00007.xml',
  sdi_id: state === 'delivered' ? '1000001' : null,
  reason: null,
  last_error: null,
  next_attempt_at: null,
  history: [],
});

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('the SdI card', () => {
  it('looks again while an invoice issued a moment ago waits to be sent, until the SdI delivers it', async () => {
    const states: SdiState[] = ['to_send', 'sent', 'delivered'];
    const calls = staffApi({
      [`GET /api/orders/${ID}`]: () => [200, order],
      [`GET /api/orders/${ID}/timeline`]: () => [200, { entries: [] }],
      'GET /api/admin/emails': () => [200, []],
      [`GET /api/orders/${ID}/sdi`]: () => [200, [documentIn(states.shift() ?? 'delivered')]],
    });
    renderAdminAt(`/gestione/ordini/${ID}`);
    const card = await screen.findByTestId('sdi-document', {}, { timeout: 5000 });
    expect(within(card).getByTestId('sdi-state').textContent).toBe('Da inviare');
    await within(card).findByText('Consegnata', {}, { timeout: 9000 });
    const asked = sent(calls, 'GET', `/api/orders/${ID}/sdi`).length;
    expect(asked).toBe(3);
    // Answered: it stops asking.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(sent(calls, 'GET', `/api/orders/${ID}/sdi`)).toHaveLength(asked);
  }, 20_000);
});

describe('an invoice the SdI rejected', () => {
  const rejected: SdiDocument = {
    ...documentIn('rejected'),
    reason: '00311 1.1.4 <CodiceDestinatario> non valido',
  };

  it("leads to the buyer's data, corrected and saved, then the invoice goes again", async () => {
    const corrected = {
      ...order,
      invoice_data: { ...order.invoice_data!, sdi: 'M5UXCR1' },
    };
    let current = order;
    const calls = staffApi({
      [`GET /api/orders/${ID}`]: () => [200, current],
      [`GET /api/orders/${ID}/timeline`]: () => [200, { entries: [] }],
      'GET /api/admin/emails': () => [200, []],
      [`GET /api/orders/${ID}/sdi`]: () => [200, [rejected]],
      [`PUT /api/orders/${ID}/invoice-data`]: () => {
        current = corrected;
        return [200, corrected];
      },
      'POST /api/admin/sdi/send': () => [200, { queued: [documentIn('queued')], unchanged: 0 }],
    });
    renderAdminAt(`/gestione/ordini/${ID}`);
    const card = await screen.findByTestId('sdi-document', {}, { timeout: 5000 });
    expect(within(card).getByTestId('sdi-reason').textContent).toBe(
      'Scartata dal SdI: 00311 1.1.4 <CodiceDestinatario> non valido',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Correggi dati' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Correggi i dati della fattura – ordine ORD-2E3F4A5B',
    });
    const sdi = within(dialog).getByLabelText('Codice SDI') as HTMLInputElement;
    expect(sdi.value).toBe('ABC1234');
    // Neither code nor PEC: refused before anything is sent.
    fireEvent.change(sdi, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva i dati' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Inserisci il codice SDI o la PEC dell'azienda",
    );
    expect(sent(calls, 'PUT', `/api/orders/${ID}/invoice-data`)).toHaveLength(0);

    fireEvent.change(sdi, { target: { value: 'M5UXCR1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva i dati' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Dati corretti: ora invia di nuovo la fattura.',
    );
    expect(sent(calls, 'PUT', `/api/orders/${ID}/invoice-data`)[0]!.body).toEqual({
      invoice_type: 'azienda',
      ragione_sociale: 'Russo Modellismo S.r.l.',
      piva: '00743110157',
      codice_fiscale_azienda: '00743110157',
      sdi: 'M5UXCR1',
      pec: null,
      cap: null,
    });
    expect(screen.queryByRole('dialog', { name: /Correggi i dati della fattura/ })).toBeNull();
    // The order is read again: the page shows the corrected data.
    await waitFor(() => expect(sent(calls, 'GET', `/api/orders/${ID}`).length).toBeGreaterThanOrEqual(2));

    fireEvent.click(within(card).getByRole('button', { name: 'Invia di nuovo' }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/admin/sdi/send')).toHaveLength(1));
    expect(sent(calls, 'POST', '/api/admin/sdi/send')[0]!.body).toEqual({ document_ids: ['d1'] });
  }, 20_000);
});

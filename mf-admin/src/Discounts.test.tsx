import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DiscountList } from '@edicola/contracts';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sent, staffApi } from './testFixtures';

/** Sconti (docs/product/back-office.md#discount-codes): create, edit, pause and resume codes, see their uses. */

const code = {
  id: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e',
  code: 'ESTATE10',
  kind: 'percent' as const,
  value: 10,
  min_total: 30,
  max_uses: 50,
  max_uses_per_customer: 1,
  starts_at: '2026-06-01',
  ends_at: '2026-08-31',
  categories: ['Pokemon'],
  article_ids: [],
  paused: false,
  uses: 1,
  discounted_amount: 6.26,
  created_at: '2026-05-20T10:00:00.000Z',
  updated_at: '2026-05-20T10:00:00.000Z',
  orders: [
    {
      order_id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
      order_reference: 'ORD-4F3E2D1C',
      email: 'anna@example.it',
      amount: 6.26,
      used_at: '2026-06-02T10:00:00.000Z',
    },
  ],
};
const listOf = (discounts: DiscountList['discounts']): DiscountList => ({ discounts });

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('Sconti', () => {
  it('lists the codes with their validity, uses and the orders that used them', async () => {
    staffApi({ 'GET /api/admin/discounts': () => [200, listOf([code])] });
    renderAdminAt('/gestione/sconti');
    const [row] = await screen.findAllByTestId('discount-row', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Sconti' }).getAttribute('aria-current')).toBe('page');
    expect(within(row!).getByText('ESTATE10')).toBeTruthy();
    expect(within(row!).getByText('10 %')).toBeTruthy();
    expect(within(row!).getByText('2026-06-01 – 2026-08-31')).toBeTruthy();
    expect(row!.textContent).toContain('1 su 50 · 6,26');
    expect(row!.textContent).toContain('ORD-4F3E2D1C · anna@example.it · −6,26');
    expect(within(row!).getByText('Attivo')).toBeTruthy();
  });

  it('creates a code with what staff typed and shows the server refusal in its words', async () => {
    let refuse = true;
    const calls = staffApi({
      'GET /api/admin/discounts': () => [200, listOf([])],
      'POST /api/admin/discounts': () =>
        refuse
          ? [409, { detail: 'Esiste già un codice sconto con questo nome' }]
          : [201, { ...code, orders: undefined }],
    });
    renderAdminAt('/gestione/sconti');
    await screen.findByText('Nessun codice sconto.', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Nuovo codice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo codice sconto' });
    fireEvent.change(within(dialog).getByLabelText(/^Codice/), { target: { value: 'estate10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Tipo/), { target: { value: 'amount' } });
    fireEvent.change(within(dialog).getByLabelText(/^Importo/), { target: { value: '5.5' } });
    fireEvent.change(within(dialog).getByLabelText('Utilizzi totali'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Categorie'), { target: { value: 'Pokemon, Panini' } });
    fireEvent.change(within(dialog).getByLabelText('Valido fino al'), { target: { value: '2026-08-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Esiste già un codice sconto con questo nome',
    );
    expect(sent(calls, 'POST', '/api/admin/discounts')[0]!.body).toEqual({
      code: 'ESTATE10',
      kind: 'amount',
      value: 5.5,
      min_total: null,
      max_uses: 10,
      max_uses_per_customer: null,
      starts_at: null,
      ends_at: '2026-08-31',
      categories: ['Pokemon', 'Panini'],
      article_ids: [],
    });
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Codice sconto creato.')).toBeTruthy();
  });

  it('pauses and resumes a code', async () => {
    let paused = false;
    const calls = staffApi({
      'GET /api/admin/discounts': () => [200, listOf([{ ...code, paused }])],
      [`POST /api/admin/discounts/${code.id}/pause`]: () => {
        paused = true;
        return [200, { ...code, paused: true, orders: undefined }];
      },
      [`POST /api/admin/discounts/${code.id}/resume`]: () => {
        paused = false;
        return [200, { ...code, paused: false, orders: undefined }];
      },
    });
    renderAdminAt('/gestione/sconti');
    await screen.findAllByTestId('discount-row', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: /^Sospendi/ }));
    expect(await screen.findByText('Codice sconto sospeso.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Sospeso')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /^Riattiva/ }));
    expect(await screen.findByText('Codice sconto riattivato.')).toBeTruthy();
    expect(sent(calls, 'POST', `/api/admin/discounts/${code.id}/pause`)).toHaveLength(1);
    expect(sent(calls, 'POST', `/api/admin/discounts/${code.id}/resume`)).toHaveLength(1);
  });
});

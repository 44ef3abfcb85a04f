import { fireEvent, screen, within } from '@testing-library/react';
import type { GiftCard } from '@edicola/contracts';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sent, staffApi } from './testFixtures';

/** Buoni regalo (docs/product/back-office.md#gift-cards): an admin issues cards and reads their balance and history. */

const card: GiftCard = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  code: 'ABCD-2345-EFGH-6789',
  initial_amount: 50,
  balance: 20,
  expires_on: '2027-11-28',
  expired: false,
  customer_id: null,
  origin: 'trade_in',
  note: 'Tre album Panini',
  created_by: 'gennaro',
  created_at: '2026-11-29T10:00:00.000Z',
  movements: [
    { kind: 'issued', amount: 50, order_id: null, order_reference: null, at: '2026-11-29T10:00:00.000Z' },
    {
      kind: 'redeemed',
      amount: -30,
      order_id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
      order_reference: 'ORD-4F3E2D1C',
      at: '2026-11-29T11:00:00.000Z',
    },
  ],
};

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('Buoni regalo', () => {
  it('lists the cards with their balance, expiry, reason and history, for an admin', async () => {
    staffApi({ 'GET /api/admin/gift-cards': () => [200, { gift_cards: [card] }] }, { role: 'admin' });
    renderAdminAt('/gestione/buoni-regalo');
    const [row] = await screen.findAllByTestId('gift-card-row', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Buoni regalo' }).getAttribute('aria-current')).toBe('page');
    expect(within(row!).getByText('ABCD-2345-EFGH-6789')).toBeTruthy();
    expect(plain(row!.textContent)).toContain('20,00 € di 50,00 €');
    expect(plain(row!.textContent)).toContain('Permuta · Tre album Panini');
    expect(plain(row!.textContent)).toContain('Speso · ORD-4F3E2D1C · −30,00 €');
  });

  it('issues a card with what the admin typed and shows its code', async () => {
    const calls = staffApi(
      {
        'GET /api/admin/gift-cards': () => [200, { gift_cards: [] }],
        'POST /api/admin/gift-cards': () => [201, { ...card, balance: 25, initial_amount: 25 }],
      },
      { role: 'admin' },
    );
    renderAdminAt('/gestione/buoni-regalo');
    await screen.findByText('Nessun buono regalo.', {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText(/^Importo/), { target: { value: '25,00' } });
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'goodwill' } });
    fireEvent.change(screen.getByLabelText('Nota'), { target: { value: 'Ritardo della spedizione' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea buono' }));
    expect(await screen.findByText(/Buono creato: ABCD-2345-EFGH-6789/)).toBeTruthy();
    expect(sent(calls, 'POST', '/api/admin/gift-cards')[0]!.body).toEqual({
      amount: 25,
      expires_on: null,
      origin: 'goodwill',
      note: 'Ritardo della spedizione',
    });
  });

  it('shows no gift card tab to staff who are not admins', async () => {
    staffApi({}, { role: 'staff' });
    renderAdminAt('/gestione/sconti');
    await screen.findByRole('link', { name: 'Sconti' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Buoni regalo' })).toBeNull();
  });
});

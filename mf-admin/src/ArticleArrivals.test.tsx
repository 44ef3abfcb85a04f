import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sampleArticle, sent, staffApi, type Handlers } from './testFixtures';

// A pre-sale's delivery recorded from its article (docs/product/orders-and-payments.md#presale-arrivals).
const presale = sampleArticle({
  title: 'Pokémon Scarlatto e Violetto – display',
  product_type: 'prevendita',
  availability_date: '2027-03-20',
  deposit_percent: 20,
});
const arrivals = `/api/articles/${presale.id}/arrivals`;

function shop(extra: Handlers = {}) {
  return staffApi({
    'GET /api/articles': () => [200, { items: [presale], total: 1, page: 1, page_size: 20 }],
    'GET /api/config/iva-options': () => [200, [{ value: 22, label: '22% - Beni e servizi standard' }]],
    [`GET /api/articles/${presale.id}/stock-movements`]: () => [200, []],
    ...extra,
  });
}

async function openArticle() {
  renderAdminAt('/gestione/articoli');
  fireEvent.click(
    await screen.findByRole('button', { name: `Modifica: ${presale.title}` }, { timeout: 5000 }),
  );
  return screen.findByRole('dialog', { name: 'Modifica articolo' });
}

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe("a pre-sale's delivery", () => {
  it('asks before recording it, sends quantity and day, and says how the units went', async () => {
    const calls = shop({
      [`POST ${arrivals}`]: () => [
        201,
        { arrival_id: 'a1', allocated_orders: 70, short_orders: 30, free_units: 0 },
      ],
    });
    const dialog = await openArticle();
    const panel = within(dialog).getByRole('region', { name: 'Consegna del fornitore' });
    fireEvent.change(within(panel).getByLabelText('Unità arrivate'), { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Registra consegna' }));
    expect(within(panel).getByRole('alert').textContent).toBe(
      'Inserisci un numero intero di unità, almeno 1',
    );
    expect(screen.queryByRole('dialog', { name: 'Registrare la consegna?' })).toBeNull();

    fireEvent.change(within(panel).getByLabelText('Unità arrivate'), { target: { value: '70' } });
    fireEvent.change(within(panel).getByLabelText('Data di arrivo'), { target: { value: '2027-03-20' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Registra consegna' }));
    const confirm = await screen.findByRole('dialog', { name: 'Registrare la consegna?' });
    expect(confirm.textContent).toContain(`Registrare l'arrivo di 70 unità di «${presale.title}»?`);
    expect(sent(calls, 'POST', arrivals)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Registra consegna' }));

    expect((await within(panel).findByTestId('arrival-result')).textContent).toBe(
      'Consegna registrata: 70 preordini con richiesta del saldo, 30 avvisati della consegna incompleta, 0 unità libere.',
    );
    expect(sent(calls, 'POST', arrivals)[0]!.body).toEqual({ quantity: 70, arrived_on: '2027-03-20' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrare la consegna?' })).toBeNull());
  });

  it("shows the server's refusal and records nothing more", async () => {
    shop({
      [`POST ${arrivals}`]: () => [
        404,
        { detail: 'Nessun ordine in prevendita con acconto per questo articolo' },
      ],
    });
    const dialog = await openArticle();
    const panel = within(dialog).getByRole('region', { name: 'Consegna del fornitore' });
    fireEvent.change(within(panel).getByLabelText('Unità arrivate'), { target: { value: '5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Registra consegna' }));
    const confirm = await screen.findByRole('dialog', { name: 'Registrare la consegna?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Registra consegna' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Nessun ordine in prevendita con acconto per questo articolo',
    );
    expect(within(panel).queryByTestId('arrival-result')).toBeNull();
  });

  it('is not offered for an article that is not a pre-sale', async () => {
    const normal = sampleArticle();
    staffApi({
      'GET /api/articles': () => [200, { items: [normal], total: 1, page: 1, page_size: 20 }],
      'GET /api/config/iva-options': () => [200, [{ value: 22, label: '22% - Beni e servizi standard' }]],
      [`GET /api/articles/${normal.id}/stock-movements`]: () => [200, []],
    });
    renderAdminAt('/gestione/articoli');
    fireEvent.click(
      await screen.findByRole('button', { name: `Modifica: ${normal.title}` }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    await within(dialog).findByText('Scorta attuale', { exact: false });
    expect(within(dialog).queryByRole('region', { name: 'Consegna del fornitore' })).toBeNull();
  });
});

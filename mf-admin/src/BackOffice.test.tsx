import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PHOTO_ERRORS } from '@edicola/contracts';
import { initTestI18n } from './testSupport';
import { renderAdminAt, sampleArticle, sampleReview, sent, staffApi, type Handlers } from './testFixtures';

const article = sampleArticle();
const review = sampleReview(article);

/** The API as the back office finds it: a signed-in user of `role`, one article, one pending review. */
function shop(role: 'admin' | 'staff', extra: Handlers = {}) {
  return staffApi(
    {
      'GET /api/articles': () => [200, { items: [article], total: 1, page: 1, page_size: 20 }],
      'GET /api/config/iva-options': () => [200, [{ value: 22, label: '22% - Beni e servizi standard' }]],
      'GET /api/admin/reviews/all': () => [200, [review]],
      ...extra,
    },
    {
      role,
      lowStock: 1,
      orders: {
        orders: [],
        counts: { all: 3, pending: 1, paid: 1, confirmed: 1, shipped: 0, delivered: 0, cancelled: 0 },
        total: 0,
        page: 1,
        page_size: 1,
      },
      reviewStats: { total_reviews: 1, approved_reviews: 0, pending_reviews: 1, average_rating: 0 },
    },
  );
}

const renderAt = renderAdminAt;

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('the back office frame', () => {
  it('shows the user, role, tabs with counts and alerts, each tab its own address', async () => {
    shop('admin');
    renderAt('/gestione');
    const tabs = await screen.findByRole('navigation', { name: 'Sezioni del back office' });
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: /Ordini/ }).textContent).toBe('Ordini32'),
    );
    expect(screen.getByText('(amministratore)')).toBeTruthy();
    expect(within(tabs).getByLabelText('Ordini da gestire (in attesa o pagati): 2')).toBeTruthy();
    expect(within(tabs).getByLabelText('Recensioni in attesa: 1')).toBeTruthy();
    // Staff land on the home (docs/product/back-office.md#home), the first of the sections.
    expect(await screen.findByRole('heading', { name: 'Da fare oggi' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/gestione');
    expect(within(tabs).getAllByRole('link')[0]!.textContent).toBe('Home');
    fireEvent.click(within(tabs).getByRole('link', { name: /Recensioni/ }));
    expect(await screen.findByRole('heading', { name: 'Recensioni' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/gestione/recensioni');
    expect(screen.getByRole('combobox', { name: 'Lingua' })).toBeTruthy();
  });

  it('logs out through the API, then forgets the token', async () => {
    const calls = shop('staff', { 'POST /api/auth/logout': () => [204, undefined] });
    renderAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/gestione/login'));
    expect(sent(calls, 'POST', '/api/auth/logout')[0]!.headers.Authorization).toBe('Bearer tok-1');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('shows only the forced password change until it succeeds', async () => {
    const calls = shop('admin', { 'PUT /api/auth/password': () => [200, { access_token: 'tok-2' }] });
    localStorage.setItem('staff_must_change_password', 'true');
    renderAt('/gestione/articoli');
    expect(await screen.findByRole('heading', { name: 'Scegli una nuova password' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sezioni del back office' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Password attuale'), { target: { value: 'generata-1' } });
    fireEvent.change(screen.getByLabelText('Nuova password'), { target: { value: 'Vesuvio-2026' } });
    fireEvent.change(screen.getByLabelText('Conferma nuova password'), { target: { value: 'Vesuvio-2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(screen.getByRole('alert').textContent).toBe('Le password non coincidono');
    fireEvent.change(screen.getByLabelText('Conferma nuova password'), { target: { value: 'Vesuvio-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    expect(await screen.findByRole('navigation', { name: 'Sezioni del back office' })).toBeTruthy();
    expect(screen.getByText('Password cambiata con successo!')).toBeTruthy();
    expect(sent(calls, 'PUT', '/api/auth/password')[0]!.body).toEqual({
      old_password: 'generata-1',
      new_password: 'Vesuvio-2026',
    });
    expect(localStorage.getItem('access_token')).toBe('tok-2');
    expect(localStorage.getItem('staff_must_change_password')).toBeNull();
  });
});

describe('Articoli', () => {
  it('keeps search, filters and page in the address and asks the server for them', async () => {
    const calls = shop('admin');
    renderAt('/gestione/articoli?q=ferrari&scorta=bassa&ordina=price&verso=asc&pagina=2');
    expect(await screen.findByText('F1-312T')).toBeTruthy();
    const list = sent(calls, 'GET', '/api/articles').at(-1)!;
    expect(Object.fromEntries(list.query)).toEqual({
      q: 'ferrari',
      low_stock: 'true',
      sort: 'price',
      order: 'asc',
      page: '2',
      page_size: '20',
    });
    expect((screen.getByLabelText('Cerca per titolo o SKU') as HTMLInputElement).value).toBe('ferrari');
    fireEvent.change(screen.getByLabelText('Categoria'), { target: { value: 'Caschi' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/gestione/articoli?q=ferrari&scorta=bassa&ordina=price&verso=asc&categoria=Caschi',
      ),
    );
  });

  it('refuses blank SKU, title or description without calling the API, and shows photo errors at once', async () => {
    const calls = shop('admin');
    renderAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuovo articolo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo articolo' });
    fireEvent.change(within(dialog).getByLabelText('SKU *'), { target: { value: '   ' } });
    fireEvent.change(within(dialog).getByLabelText('Titolo *'), { target: { value: 'Casco' } });
    fireEvent.change(within(dialog).getByLabelText('Descrizione *'), { target: { value: 'Replica 1:2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('SKU, titolo e descrizione sono obbligatori');
    expect(sent(calls, 'POST', '/api/articles')).toHaveLength(0);

    const pdf = new File(['%PDF'], 'scheda.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Foto'), { target: { files: [pdf] } });
    expect(within(dialog).getByText(PHOTO_ERRORS.type)).toBeTruthy();
    const big = new File([new Uint8Array(5_242_881)], 'grande.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(dialog).getByLabelText('Foto'), { target: { files: [big] } });
    expect(within(dialog).getByText(PHOTO_ERRORS.size)).toBeTruthy();
  });

  it('creates an article with a photo as a multipart form, then shows its public link until closed', async () => {
    const created = { ...article, id: 'new-1', sku: 'CASCO-1', title: 'Casco Leclerc', version: 1 };
    const calls = shop('admin', { 'POST /api/articles': () => [201, created] });
    renderAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuovo articolo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo articolo' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('SKU *', ' CASCO-1 ');
    fill('Titolo *', 'Casco Leclerc');
    fill('Descrizione *', 'Replica 1:2');
    fill('Categoria *', 'Caschi');
    fill('Tipo di prodotto *', 'prevendita');
    fill('Data di disponibilità *', '2027-03-01');
    fill('Prezzo netto (€) *', '129.90');
    fill('Quantità in magazzino *', '4');
    fill('Peso (kg)', '');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'casco.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Foto'), { target: { files: [png] } });
    expect(
      ((await within(dialog).findByRole('img', { name: 'Anteprima della foto' })) as HTMLImageElement).src,
    ).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));

    const panel = await screen.findByTestId('link-panel');
    const form = sent(calls, 'POST', '/api/articles')[0]!.body as FormData;
    expect(form.get('sku')).toBe('CASCO-1');
    expect(form.get('availability_date')).toBe('2027-03-01');
    expect(form.get('quantity_stock')).toBe('4');
    expect(form.get('weight')).toBeNull();
    expect(form.get('version')).toBeNull();
    expect(form.get('shipping_cost_national')).toBe('0.00');
    expect((form.get('photo') as File).name).toBe('casco.png');
    expect((within(panel).getByLabelText('Link pubblico') as HTMLInputElement).value).toBe(
      `${window.location.origin}/prodotti?article=new-1`,
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByTestId('link-panel')).toBeNull();
  });

  it('edits without sending stock, names the version, and offers a reload on a stale edit', async () => {
    const calls = shop('staff', {
      'PUT /api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11': () => [
        409,
        { detail: 'Articolo modificato da un altro utente: ricarica', code: 'stale_version' },
      ],
      'GET /api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/stock-movements': () => [200, []],
    });
    renderAt('/gestione/articoli');
    await screen.findByText('F1-312T');
    // Staff may not delete.
    expect(screen.queryByRole('button', { name: 'Elimina: Ferrari 312T' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Modifica: Ferrari 312T' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    expect(within(dialog).queryByLabelText('Quantità in magazzino *')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Articolo modificato da un altro utente: ricarica',
    );
    const form = sent(calls, 'PUT', `/api/articles/${article.id}`)[0]!.body as FormData;
    expect(form.get('version')).toBe('3');
    expect(form.get('quantity_stock')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ricarica' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('moves stock by a delta with a reason and shows the new figure', async () => {
    const calls = shop('staff', {
      'GET /api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/stock-movements': () => [200, []],
      'POST /api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/stock': () => [
        201,
        {
          article: { ...article, quantity_stock: 6 },
          movement: {
            id: 'm1',
            article_id: article.id,
            delta: 5,
            reason: 'received',
            channel: null,
            reference: null,
            note: null,
            stock_after: 6,
            username: 'gennaro',
            created_at: '2026-11-24T10:00:00.000Z',
          },
        },
      ],
    });
    renderAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica: Ferrari 312T' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    expect(within(dialog).getByTestId('stock-now').textContent).toBe('1');
    fireEvent.change(within(dialog).getByLabelText('Variazione (+/−)'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registra' }));
    await waitFor(() => expect(within(dialog).getByTestId('stock-now').textContent).toBe('6'));
    expect(sent(calls, 'POST', `/api/articles/${article.id}/stock`)[0]!.body).toEqual({
      delta: 5,
      reason: 'received',
      note: null,
    });
  });

  it("shows the whole stock ledger: each movement's reason and channel in words, delta, stock, who and reference", async () => {
    const row = (changes: object) => ({
      id: 'm',
      article_id: article.id,
      note: null,
      username: 'gennaro',
      created_at: '2026-11-24T10:00:00.000Z',
      reference: null,
      channel: null,
      ...changes,
    });
    shop('staff', {
      'GET /api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/stock-movements': () => [
        200,
        [
          row({
            id: 'm4',
            delta: 1,
            reason: 'return',
            channel: 'counter',
            reference: 'BAN-0002',
            stock_after: 2,
          }),
          row({
            id: 'm3',
            delta: -1,
            reason: 'sale',
            channel: 'subito',
            stock_after: 1,
            note: 'ritiro in negozio',
          }),
          row({
            id: 'm2',
            delta: -1,
            reason: 'sale',
            channel: 'counter',
            reference: 'BAN-0001',
            stock_after: 2,
          }),
          row({ id: 'm1', delta: 3, reason: 'received', stock_after: 3, username: 'anna' }),
        ],
      ],
    });
    renderAt('/gestione/articoli');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica: Ferrari 312T' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica articolo' });
    await waitFor(() => expect(within(dialog).getAllByTestId('ledger-row')).toHaveLength(4));
    const rows = within(dialog)
      .getAllByTestId('ledger-row')
      .map((r) => [...r.querySelectorAll('td')].slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Reso al banco', '+1', '2', 'gennaro', 'BAN-0002'],
      ['Venduto su Subito · ritiro in negozio', '-1', '1', 'gennaro', '—'],
      ['Vendita al banco', '-1', '2', 'gennaro', 'BAN-0001'],
      ['Merce ricevuta', '+3', '3', 'anna', '—'],
    ]);
  });
});

describe('Recensioni', () => {
  it('keeps the reply button disabled while blank, sends the reply and confirms for 3 s', async () => {
    const calls = shop('staff', {
      'POST /admin/reviews/r1/respond': () => [
        200,
        { ...review, admin_reply: { reply_text: 'Grazie!', created_at: '2026-11-24T10:00:00.000Z' } },
      ],
    });
    renderAt('/gestione/recensioni');
    const card = await screen.findByTestId('review');
    const button = within(card).getByRole('button', { name: 'Invia risposta' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(within(card).getByLabelText('Rispondi'), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(within(card).getByLabelText('Rispondi'), { target: { value: ' Grazie! ' } });
    fireEvent.click(button);
    expect((await screen.findByRole('status', { name: '' })).textContent).toContain(
      'Risposta inviata con successo!',
    );
    expect(sent(calls, 'POST', '/admin/reviews/r1/respond')[0]!.body).toEqual({ response_text: 'Grazie!' });
    await waitFor(() => expect(screen.queryByText('Risposta inviata con successo!')).toBeNull(), {
      timeout: 4000,
    });
  });
});

describe('Spedizioni', () => {
  it('creates a rule with the country upper case and empty optional numbers as null (admin)', async () => {
    const calls = shop('admin', {
      'POST /api/admin/shipping/rules': (call) => [
        201,
        {
          id: 'x',
          ...(call.body as object),
          created_at: '2026-11-24T10:00:00Z',
          updated_at: '2026-11-24T10:00:00Z',
        },
      ],
      'POST /api/admin/shipping/preview': () => [
        200,
        { shipping_cost: 7, current_shipping_cost: 14, zone: 'eu', country: 'DE' },
      ],
    });
    renderAt('/gestione/spedizioni');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuova regola' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuova regola di spedizione' });
    fireEvent.change(within(dialog).getByLabelText('Nome *'), { target: { value: 'Germania' } });
    fireEvent.change(within(dialog).getByLabelText('Zona *'), { target: { value: 'specific_country' } });
    fireEvent.change(within(dialog).getByLabelText('Codice paese (ISO, es. DE) *'), {
      target: { value: 'de' },
    });
    fireEvent.change(within(dialog).getByLabelText('Costo di spedizione (€) *'), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByLabelText('Paese'), { target: { value: 'de' } });
    expect(
      (await within(dialog).findByText(/Con questa regola il checkout chiederà 7,00/)).textContent,
    ).toContain('oggi chiede 14,00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Regola creata con successo!')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/admin/shipping/rules')[0]!.body).toEqual({
      name: 'Germania',
      zone: 'specific_country',
      country: 'DE',
      rule_type: 'amount_based',
      min_amount: null,
      max_amount: null,
      shipping_cost: 7,
      free_shipping_threshold: null,
      base_shipping_cost: null,
      quantity_threshold: null,
      quantity_increment_cost: null,
      max_quantity_cost: null,
      is_active: true,
    });
  });

  it('hides the rule actions from the staff role', async () => {
    shop('staff', {
      'GET /api/admin/shipping/rules': () => [
        200,
        [
          {
            id: 'r1',
            name: 'Italia',
            zone: 'national',
            country: null,
            rule_type: 'amount_based',
            min_amount: null,
            max_amount: null,
            shipping_cost: 9,
            free_shipping_threshold: null,
            base_shipping_cost: null,
            quantity_threshold: null,
            quantity_increment_cost: null,
            max_quantity_cost: null,
            is_active: true,
            created_at: '2026-11-20T10:00:00.000Z',
            updated_at: '2026-11-20T10:00:00.000Z',
          },
        ],
      ],
    });
    renderAt('/gestione/spedizioni');
    expect(await screen.findByTestId('rule-row')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuova regola' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elimina: Italia' })).toBeNull();
    expect(
      screen.getByText('Solo un amministratore può creare, modificare o eliminare le regole.'),
    ).toBeTruthy();
  });
});

describe('Statistiche', () => {
  it('lists what the reset will delete in its confirmation, and resets only after ELIMINA is typed (admin)', async () => {
    const calls = shop('admin', {
      'GET /analytics/stats': () => [
        200,
        {
          total_visits: 10,
          unique_visitors: 4,
          today_visits: 2,
          this_week_visits: 6,
          popular_pages: [{ page: '/', visits: 6 }],
          visits_by_day: [{ date: '2026-11-24', visits: 2 }],
          visits_by_country: [{ country: 'Italia', country_code: 'IT', visits: 10 }],
          last_7_days_visits: 6,
          previous_7_days_visits: 3,
          units_by_channel: [
            { channel: 'web', month_units: 4, year_units: 9, month_amount: null },
            { channel: 'counter', month_units: 1, year_units: 1, month_amount: null },
            { channel: 'subito', month_units: 2, year_units: 2, month_amount: 30 },
          ],
        },
      ],
      'GET /api/analytics/payment-stats': () => [
        200,
        {
          current_month: 11,
          current_year: 2026,
          total_orders_this_month: 2,
          total_revenue_this_month: 120,
          total_orders_this_year: 5,
          total_revenue_this_year: 300,
          payment_methods: [
            {
              payment_method: 'paypal',
              monthly_count: 2,
              monthly_amount: 120,
              yearly_count: 5,
              yearly_amount: 300,
            },
            {
              payment_method: 'counter_mixed',
              monthly_count: 1,
              monthly_amount: 30,
              yearly_count: 1,
              yearly_amount: 30,
            },
          ],
          by_channel: [
            { channel: 'web', monthly_count: 2, monthly_amount: 120, yearly_count: 5, yearly_amount: 300 },
            { channel: 'counter', monthly_count: 1, monthly_amount: 30, yearly_count: 1, yearly_amount: 30 },
          ],
          demo_payments: { monthly_count: 1, monthly_amount: 21.2, yearly_count: 2, yearly_amount: 40 },
          total_orders_previous_month: 1,
          total_revenue_previous_month: 100,
          revenue_by_day: [{ day: 1, amount: 120, previous_amount: 100 }],
        },
      ],
      'GET /analytics/reset-payment-data': () => [
        200,
        {
          total_orders: 3,
          counts: { demo_paid: 2, unpaid_expired: 1, cancelled_unpaid: 0 },
          orders: [
            ['ORD-0000000A', 'demo_paid', 'Anna Esposito'],
            ['ORD-0000000B', 'demo_paid', 'Ciro Russo'],
            ['ORD-0000000C', 'unpaid_expired', 'Maria Greco'],
          ].map(([reference, kind, customer_name]) => ({
            id: `id-${reference}`,
            reference,
            kind,
            created_at: '2026-11-20T10:00:00.000Z',
            customer_name,
            payment_method: 'card',
            total: 21.2,
          })),
        },
      ],
      'DELETE /analytics/reset-payment-data': () => [200, { deleted_orders: 3, message: '3' }],
    });
    renderAt('/gestione/statistiche');
    expect((await screen.findByTestId('revenue-month')).textContent).toContain('+20%');
    expect(screen.getByTestId('revenue-month').textContent).toContain('2 ordini');
    // Web and counter apart, and the counter's methods in words.
    const byChannel = screen.getByTestId('stats-by-channel');
    expect(byChannel.textContent).toContain('Banco');
    expect(byChannel.textContent).toMatch(/Web\s*2 · 120,00/);
    expect(screen.getAllByText('Contanti e carta (banco)').length).toBeGreaterThan(0);
    expect(screen.getByTestId('units-by-channel').textContent).toMatch(/Subito\.it\s*2 pezzi · 30,00/);
    expect(screen.getByTestId('units-by-channel').textContent).toContain('1 pezzo');
    expect(screen.getByText('+100% rispetto ai 7 giorni prima (3)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset dati pagamento' }));
    // Demo payments apart from the takings (euro amounts carry a no-break space).
    expect(screen.getByTestId('demo-payments').textContent!.replace(/\s/g, ' ')).toBe(
      'Pagamenti demo, esclusi dagli incassi: mese 1 · 21,20 €, anno 2 · 40,00 €',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset dati pagamento' });
    expect(within(dialog).getByText(/mai eliminati/)).toBeTruthy();
    // What will go, before anything is typed: the counts per kind and every order by reference.
    expect(await within(dialog).findByText('Ordini che verranno eliminati: 3')).toBeTruthy();
    expect(within(dialog).getByText('Pagati in modalità demo: 2')).toBeTruthy();
    expect(within(dialog).getByText('Mai pagati, scadenza di pagamento passata: 1')).toBeTruthy();
    expect(within(dialog).queryByText(/Annullati senza pagamento/)).toBeNull();
    const listed = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(listed.map((cells) => [cells[0], cells[2], cells[4]])).toEqual([
      ['ORD-0000000A', 'Anna Esposito', 'Pagati in modalità demo'],
      ['ORD-0000000B', 'Ciro Russo', 'Pagati in modalità demo'],
      ['ORD-0000000C', 'Maria Greco', 'Mai pagati, scadenza di pagamento passata'],
    ]);
    expect(sent(calls, 'DELETE', '/analytics/reset-payment-data')).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: 'Reset dati pagamento' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Per confermare scrivi ELIMINA'), {
      target: { value: 'elimina' },
    });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Per confermare scrivi ELIMINA'), {
      target: { value: 'ELIMINA' },
    });
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(await screen.findByText('Ordini di prova eliminati: 3')).toBeTruthy();
    expect(sent(calls, 'DELETE', '/analytics/reset-payment-data')).toHaveLength(1);
  });

  it('keeps the reset disabled when nothing would be deleted', async () => {
    shop('admin', {
      'GET /analytics/reset-payment-data': () => [
        200,
        { total_orders: 0, counts: { demo_paid: 0, unpaid_expired: 0, cancelled_unpaid: 0 }, orders: [] },
      ],
    });
    renderAt('/gestione/statistiche');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset dati pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset dati pagamento' });
    expect(await within(dialog).findByText('Nessun ordine da eliminare.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Per confermare scrivi ELIMINA'), {
      target: { value: 'ELIMINA' },
    });
    const confirm = within(dialog).getByRole('button', { name: 'Reset dati pagamento' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { StaffAccount } from '@edicola/contracts';
import AdminApp from './AdminApp';
import { initTestI18n, serveApi } from './testSupport';
import { API, config, renderAdminAt, sent, staffApi } from './testFixtures';

/** Personale and Registro (docs/product/back-office.md#staff-accounts) and the login's second step. */

const account = (changes: Partial<StaffAccount> = {}): StaffAccount => ({
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  username: 'cassiera',
  role: 'cashier',
  email: null,
  active: true,
  two_factor: false,
  must_change_password: true,
  created_at: '2026-11-29T10:00:00.000Z',
  ...changes,
});
const me = account({ id: 'u1', username: 'gennaro', role: 'admin', must_change_password: false });

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('Personale', () => {
  it('is an admin tab only: a staff member sees neither Personale nor Registro', async () => {
    staffApi({}, { role: 'staff' });
    renderAdminAt('/gestione/personale');
    await screen.findByTestId('staff-username', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/gestione'));
    expect(screen.queryByRole('link', { name: 'Personale' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Registro' })).toBeNull();
  });

  it('creates a cashier and shows its temporary password once', async () => {
    const calls = staffApi(
      {
        'GET /api/admin/staff': () => [200, [me]],
        'POST /api/admin/staff': () => [201, { account: account(), temporary_password: 'Tq3-temporanea-x9' }],
      },
      { role: 'admin' },
    );
    renderAdminAt('/gestione/personale');
    await screen.findAllByTestId('staff-row', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Nuovo account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo account' });
    fireEvent.change(within(dialog).getByLabelText('Nome utente'), { target: { value: 'a b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/Da 3 a 64 caratteri/);
    expect(sent(calls, 'POST', '/api/admin/staff')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Nome utente'), { target: { value: 'cassiera' } });
    fireEvent.change(within(dialog).getByLabelText('Ruolo'), { target: { value: 'cashier' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crea account' }));
    const shown = await screen.findByRole('dialog', { name: 'Password temporanea di cassiera' });
    expect(within(shown).getByTestId('temporary-password').textContent).toBe('Tq3-temporanea-x9');
    expect(sent(calls, 'POST', '/api/admin/staff')[0]!.body).toEqual({
      username: 'cassiera',
      role: 'cashier',
    });
  });

  it('deactivates after asking, and shows the 409 of the last admin in the server’s words', async () => {
    const calls = staffApi(
      {
        'GET /api/admin/staff': () => [200, [account(), me]],
        [`POST /api/admin/staff/${account().id}/deactivate`]: () => [200, account({ active: false })],
        'POST /api/admin/staff/u1/deactivate': () => [
          409,
          { detail: "Non si può: è l'ultimo amministratore attivo del negozio" },
        ],
      },
      { role: 'admin' },
    );
    renderAdminAt('/gestione/personale');
    await screen.findAllByTestId('staff-row', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Disattiva: cassiera' }));
    const ask = await screen.findByRole('dialog', { name: 'Disattivare cassiera?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Disattiva' }));
    await screen.findByText('cassiera è disattivato.');
    expect(sent(calls, 'POST', `/api/admin/staff/${account().id}/deactivate`)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Disattiva: gennaro' }));
    const last = await screen.findByRole('dialog', { name: 'Disattivare gennaro?' });
    fireEvent.click(within(last).getByRole('button', { name: 'Disattiva' }));
    expect(await screen.findByText("Non si può: è l'ultimo amministratore attivo del negozio")).toBeTruthy();
  });

  it('enrols the admin in two factors: QR code, secret in text, a code, then the recovery codes', async () => {
    const codes = Array.from({ length: 10 }, (_, n) => `abcde-${String(n).padStart(5, '0')}`);
    const calls = staffApi(
      {
        'GET /api/admin/staff': () => [200, [me]],
        'POST /api/auth/two-factor/setup': () => [
          200,
          {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/x',
            qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        ],
        'POST /api/auth/two-factor/confirm': () => [200, { recovery_codes: codes }],
      },
      { role: 'admin' },
    );
    renderAdminAt('/gestione/personale');
    fireEvent.click(await screen.findByRole('button', { name: 'Attiva i due fattori' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: "Attiva l'accesso a due fattori" });
    expect(
      (
        await within(dialog).findByRole('img', {
          name: "Codice QR da inquadrare con l'app di autenticazione",
        })
      ).getAttribute('src'),
    ).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(dialog).getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.change(within(dialog).getByLabelText('Codice'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma e attiva' }));
    const recovery = await screen.findByRole('dialog', { name: 'I tuoi codici di recupero' });
    expect(
      within(recovery)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(sent(calls, 'POST', '/api/auth/two-factor/confirm')[0]!.body).toEqual({ code: '123456' });
  });
});

describe('Registro', () => {
  it('lists the entries and sends the filters and the page to the server', async () => {
    const entry = {
      id: 7,
      entity: 'staff_user',
      entity_id: account().id,
      action: 'deactivated',
      actor: { id: 'u1', username: 'gennaro' },
      changes: { active: { from: true, to: false } },
      service: 'svc-orders',
      occurred_at: '2026-11-29T10:00:00.000Z',
    };
    const calls = staffApi({ 'GET /api/admin/audit': () => [200, [entry]] }, { role: 'admin' });
    renderAdminAt('/gestione/registro');
    const [row] = await screen.findAllByTestId('audit-row', {}, { timeout: 5000 });
    expect(row!.textContent).toContain('gennaro');
    expect(row!.textContent).toContain('deactivated');
    expect(row!.textContent).toContain('active: true → false');
    fireEvent.change(screen.getByLabelText('Chi'), { target: { value: 'gennaro' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'order' } });
    fireEvent.change(screen.getByLabelText('Dal'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtra' }));
    await waitFor(() => expect(sent(calls, 'GET', '/api/admin/audit').length).toBeGreaterThan(1));
    const last = sent(calls, 'GET', '/api/admin/audit').at(-1)!;
    expect(Object.fromEntries(last.query)).toMatchObject({
      actor: 'gennaro',
      entity: 'order',
      from: '2026-11-01',
      limit: '51',
      offset: '0',
    });
  });
});

function Location() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

describe('the login’s second step', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const session = {
      access_token: 'tok-2',
      token_type: 'bearer',
      user_id: 'u1',
      username: 'gennaro',
      role: 'admin',
    };
    const calls = serveApi(API, {
      'POST /api/auth/login': () => [200, { two_factor_required: true, challenge_token: 'ch-1' }],
      'POST /api/auth/login/two-factor': (call) =>
        (call.body as { code: string }).code === '654321'
          ? [200, session]
          : [401, { detail: 'Codice non valido o già usato' }],
      'GET /api/auth/me': () => [200, { user_id: 'u1', username: 'gennaro', role: 'admin' }],
    });
    render(
      <MemoryRouter initialEntries={['/gestione/login']}>
        <Routes>
          <Route path="/gestione/*" element={<AdminApp config={config} />} />
        </Routes>
        <Location />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Nome utente'), { target: { value: 'gennaro' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pizza-margherita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await screen.findByRole('heading', { name: 'Verifica in due passaggi' });
    expect(localStorage.getItem('access_token')).toBeNull();

    fireEvent.change(screen.getByLabelText('Codice'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Codice non valido o già usato');
    expect(localStorage.getItem('access_token')).toBeNull();

    fireEvent.change(screen.getByLabelText('Codice'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe('tok-2'));
    expect(sent(calls, 'POST', '/api/auth/login/two-factor').map((call) => call.body)).toEqual([
      { challenge_token: 'ch-1', code: '111111' },
      { challenge_token: 'ch-1', code: '654321' },
    ]);
  });
});

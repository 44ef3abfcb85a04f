import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RuntimeConfig } from '@edicola/contracts';
import AccountMenu from './AccountMenu';
import { initTestI18n } from '../testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  mediaBaseUrl: 'http://api.test',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

describe('AccountMenu', () => {
  it('links to the login and registration pages in the current language', async () => {
    const i18n = await initTestI18n('it');
    render(
      <MemoryRouter>
        <AccountMenu config={config} />
      </MemoryRouter>,
    );
    const menu = screen.getByRole('navigation', { name: 'Il mio account' });
    expect(menu).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accedi' }).getAttribute('href')).toBe('/accedi');
    expect(screen.getByRole('link', { name: 'Registrati' }).getAttribute('href')).toBe('/registrati');

    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/accedi');
    expect(screen.getByRole('link', { name: 'Registrieren' }).getAttribute('href')).toBe('/registrati');
  });
});

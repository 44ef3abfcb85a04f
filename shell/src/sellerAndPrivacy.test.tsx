import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  DEMO_SELLER,
  LANGUAGES,
  type PresaleTerms,
  type RuntimeConfig,
  type SellerIdentity,
} from '@edicola/contracts';
import { EXAMPLE_SELLER } from '@edicola/web-testing';
import { App } from './App';
import i18next from 'i18next';
import { initI18n, PRIVACY_NAMESPACE } from './i18n';
import { REMOTE_OF, lazyRemotes, type RemoteLoader, type RemoteLoaders } from './remotes';
import { shellMeta } from './server';

const configWith = (seller: SellerIdentity, presaleTerms?: PresaleTerms): RuntimeConfig => ({
  apiBaseUrl: 'http://localhost:8080',
  mediaBaseUrl: 'http://localhost:8080',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
  seller,
  presaleTerms,
});

/** Remotes that never arrive: these pages are the shell's own. */
const never: RemoteLoader = () => new Promise(() => {});
const pending = Object.fromEntries(Object.keys(REMOTE_OF).map((slot) => [slot, never])) as Record<
  keyof RemoteLoaders,
  RemoteLoader
>;

async function renderAt(path: string, seller: SellerIdentity, presaleTerms?: PresaleTerms) {
  await initI18n(localStorage, path);
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App config={configWith(seller, presaleTerms)} remotes={lazyRemotes(pending)} />
      </MemoryRouter>,
    );
  });
}

beforeAll(() => {
  window.scrollTo = jest.fn();
});

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'language=; Max-Age=0; Path=/';
});

describe("the seller's identity (docs/product/storefront.md#seller-identity)", () => {
  it('is in the footer of every page: company, registered office, P.IVA, REA and PEC, with the privacy link', async () => {
    await renderAt('/chi-siamo', EXAMPLE_SELLER);
    const footer = screen.getByRole('contentinfo');
    const identity = footer.querySelector('.seller-identity')!;
    expect(identity.textContent).toBe(
      'Edicola Esposito S.n.c. · Sede legale: Via Toledo 256, 80134 Napoli (NA) · P.IVA 00743110157 · ' +
        'REA NA-765432 · PEC edicolaesposito@pec.it',
    );
    expect(within(footer).queryByText('(dati dimostrativi)')).toBeNull();
    expect(within(footer).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
  });

  it('says that demo data is demo data, in the footer and on the terms', async () => {
    await renderAt('/termini', DEMO_SELLER);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/P\.IVA 01234567897/)).toBeTruthy();
    expect(within(footer).getByText('(dati dimostrativi)')).toBeTruthy();
    const seller = screen.getByRole('region', { name: 'Venditore' });
    expect(within(seller).getByText(/Edicola DEMO - dati fiscali fittizi/)).toBeTruthy();
    expect(within(seller).getByText('(dati dimostrativi)')).toBeTruthy();
  });

  it('opens the terms with the seller, before the terms of sale', async () => {
    await renderAt('/termini', EXAMPLE_SELLER);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings[0]).toBe('Venditore');
    const seller = screen.getByRole('region', { name: 'Venditore' });
    expect(within(seller).getByText(/P\.IVA 00743110157/)).toBeTruthy();
    expect(within(seller).getByRole('link', { name: 'edicolaesposito@pec.it' })).toBeTruthy();
  });
});

describe("the terms' pre-sales (docs/product/orders-and-payments.md#deposits)", () => {
  it('say how long the balance waits and that a late balance gets the deposit back, as configured', async () => {
    await renderAt('/termini', EXAMPLE_SELLER, { lapsedDeposit: 'refund', balanceDays: 5 });
    const presales = screen.getByRole('region', { name: 'Prevendite e acconti' });
    expect(within(presales).getByText(/pagare il saldo entro 5 giorni/)).toBeTruthy();
    expect(screen.getByTestId('terms-lapsed-deposit').textContent).toBe(
      "Se il saldo non è pagato entro il termine, l'ordine viene annullato, l'unità passa al preordine successivo e l'acconto ti viene rimborsato con lo stesso metodo di pagamento.",
    );
  });

  it('say that the shop keeps the deposit when its terms keep it', async () => {
    await renderAt('/termini', EXAMPLE_SELLER, { lapsedDeposit: 'keep', balanceDays: 7 });
    expect(screen.getByTestId('terms-lapsed-deposit').textContent).toMatch(/l'acconto resta al negozio\.$/);
  });
});

describe('the privacy policy (docs/product/storefront.md#privacy)', () => {
  it('names the controller, the ten years of invoices, the recipients and the rights, with linkable sections', async () => {
    await renderAt('/privacy', EXAMPLE_SELLER);
    expect(screen.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeTruthy();
    expect(document.title).toBe('Informativa sulla privacy – Edicola Napoli');
    const ids = [...document.querySelectorAll('main h2')].map((h) => h.id);
    expect(ids).toEqual([
      'privacy-controller',
      'privacy-data',
      'privacy-bases',
      'privacy-retention',
      'privacy-recipients',
      'privacy-cookies',
      'privacy-rights',
    ]);
    const controller = screen.getByRole('region', { name: 'Titolare del trattamento' });
    expect(within(controller).getByText(/Edicola Esposito S\.n\.c\./)).toBeTruthy();
    expect(screen.getByText(/dieci anni, come richiede l'art\. 2220 del codice civile/)).toBeTruthy();
    const recipients = screen.getByRole('region', { name: 'A chi comunichiamo i dati' }).textContent;
    for (const name of ['Stripe', 'Klarna', 'PayPal', 'eBay', 'corrieri']) expect(recipients).toContain(name);
    const rights = screen.getByRole('region', { name: 'I tuoi diritti' });
    for (const right of ['accesso', 'rettifica', 'cancellazione', 'portabilità', 'opporti', 'Garante']) {
      expect(rights.textContent).toContain(right);
    }
    expect(
      within(rights).getByRole('link', { name: 'negozio@edicola-esposito.it' }).getAttribute('href'),
    ).toBe('mailto:negozio@edicola-esposito.it');
    expect(within(rights).getByRole('link', { name: 'edicolaesposito@pec.it' })).toBeTruthy();
  });

  it('loads its texts when a link leads there: they are not in the code every page loads', async () => {
    await renderAt('/', EXAMPLE_SELLER);
    expect(i18next.hasResourceBundle('it', PRIVACY_NAMESPACE)).toBe(false);
    await act(async () => {
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy' }).click();
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeTruthy();
    expect(await screen.findByText(/art\. 2220 del codice civile/)).toBeTruthy();
    expect(document.querySelector('main article')!.getAttribute('aria-busy')).toBeNull();
  });

  it.each(LANGUAGES.filter((language) => language !== 'it'))(
    'is at /%s/privacy in that language',
    async (language) => {
      await renderAt(`/${language}/privacy`, EXAMPLE_SELLER);
      const { title } = shellMeta(language, 'privacy');
      expect(title).not.toBe(shellMeta('it', 'privacy').title);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title.split(' – ')[0]);
      expect(document.querySelector('main')!.textContent).toContain('2220');
      expect(screen.getByRole('contentinfo').textContent).toContain('00743110157');
    },
  );
});

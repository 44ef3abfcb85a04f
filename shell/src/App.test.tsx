import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { CUSTOMER_TOKEN_KEY, type RemoteProps, type RuntimeConfig } from '@edicola/contracts';
import { emitDomEvent } from '@edicola/web-kit';
import { App } from './App';
import { COOKIE_CONSENT_KEY } from './ui/CookieBanner';
import { initI18n } from './i18n';
import { lazyRemotes, type RemoteLoader, type RemoteLoaders } from './remotes';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:8080',
  mediaBaseUrl: 'http://localhost:8080',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

/** Where the router is: the tests read the address the shell moved to. */
function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <span hidden data-testid="location">{`${pathname}${search}${hash}`}</span>;
}
const address = () => screen.getByTestId('location').textContent;

/** A stand-in remote that shows its name and the API address it received. */
function fakeRemote(name: string): RemoteLoader {
  const Component = ({ config: received }: RemoteProps) => (
    <div data-testid={`remote-${name}`}>
      {name} {received.apiBaseUrl}
    </div>
  );
  return async () => ({ default: Component });
}

const workingLoaders: RemoteLoaders = {
  CatalogPage: fakeRemote('CatalogPage'),
  ArticlePage: fakeRemote('ArticlePage'),
  SearchPage: fakeRemote('SearchPage'),
  PresaleSection: fakeRemote('PresaleSection'),
  ReservationSection: fakeRemote('ReservationSection'),
  RecentReviews: fakeRemote('RecentReviews'),
  ReviewPage: fakeRemote('ReviewPage'),
  CartButton: fakeRemote('CartButton'),
  PaymentPages: fakeRemote('PaymentPages'),
  AccountMenu: fakeRemote('AccountMenu'),
  AccountPages: fakeRemote('AccountPages'),
  AdminApp: fakeRemote('AdminApp'),
};

/** Renders the shell and lets the (fake) remotes settle inside act(). */
async function renderApp(path = '/', loaders: RemoteLoaders = workingLoaders) {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(
      <MemoryRouter initialEntries={[path]}>
        <App config={config} remotes={lazyRemotes(loaders)} />
        <LocationProbe />
      </MemoryRouter>,
    );
  });
  return result!;
}

beforeAll(() => {
  window.scrollTo = jest.fn();
});

beforeEach(async () => {
  localStorage.clear();
  document.cookie = 'language=; Max-Age=0; Path=/';
  await initI18n();
});

describe('shell layout', () => {
  it('renders the nav links of docs/product/storefront.md#navigation; the back office only as a footer link in a new tab', async () => {
    await renderApp();
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/prodotti',
      '/chi-siamo',
      '/contatto',
      '/termini',
      '/accedi',
      '/registrati',
      '/profilo',
    ]);
    const footer = screen.getByRole('contentinfo');
    const admin = within(footer).getByRole('link', { name: /Area riservata al personale/ });
    expect(admin.getAttribute('href')).toBe('/gestione');
    expect(admin.getAttribute('target')).toBe('_blank');
    expect(admin.getAttribute('rel')).toContain('noopener');
    expect(await screen.findByTestId('remote-CartButton')).toBeTruthy();
  });

  it("gives a visitor the shell's own login and registration links, and loads the account menu only for a session", async () => {
    const accountMenu = jest.fn(workingLoaders.AccountMenu);
    await renderApp('/', { ...workingLoaders, AccountMenu: accountMenu });
    const visitor = screen.getByRole('navigation', { name: 'Il mio account' });
    expect(
      within(visitor)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/accedi', '/registrati']);
    expect(accountMenu).not.toHaveBeenCalled();
    expect(screen.queryByTestId('remote-AccountMenu')).toBeNull();

    await act(async () => {
      localStorage.setItem(CUSTOMER_TOKEN_KEY, 'a-token');
      emitDomEvent('edicola:customer-session', { token: 'a-token' });
    });
    expect(await screen.findByTestId('remote-AccountMenu')).toBeTruthy();
    expect(accountMenu).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('navigation', { name: 'Il mio account' })).toBeNull();
  });

  it('offers a signed-in customer neither Accedi nor Registrati, and offers them again after logout', async () => {
    localStorage.setItem(CUSTOMER_TOKEN_KEY, 'a-token');
    await renderApp();
    const nav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    const hrefs = () =>
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(hrefs()).not.toContain('/accedi');
    expect(hrefs()).not.toContain('/registrati');
    expect(hrefs()).toContain('/profilo');
    act(() => {
      localStorage.removeItem(CUSTOMER_TOKEN_KEY);
      emitDomEvent('edicola:customer-session', { token: null });
    });
    expect(hrefs()).toEqual(expect.arrayContaining(['/accedi', '/registrati']));
  });

  it('names the home link by what it shows (brand and tagline)', async () => {
    await renderApp();
    expect(
      screen.getByRole('link', { name: 'Edicola Napoli Modellismo e collezionismo nel cuore di Napoli' }),
    ).toBeTruthy();
  });

  it('shows the footer with contacts, opening hours and the 14-day withdrawal line', async () => {
    await renderApp();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText(
        'Diritto di recesso: puoi restituire i prodotti entro 14 giorni dalla consegna.',
      ),
    ).toBeTruthy();
    expect(within(footer).getByText('8:00 – 13:00 e 16:00 – 20:00')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: /\+39 081/ })).toBeTruthy();
  });

  it('switches every text when the language changes and remembers it', async () => {
    await renderApp();
    const selector = screen.getByLabelText('Lingua') as HTMLSelectElement;
    expect([...selector.options].map((option) => option.textContent)).toEqual([
      'Italiano',
      'English',
      'Français',
      'Español',
      'Português',
      'Deutsch',
      'Русский',
      'Nederlands',
    ]);

    await act(async () => {
      fireEvent.change(selector, { target: { value: 'en' } });
    });

    expect(localStorage.getItem('language')).toBe('en');
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', {
        name: 'About us',
      }),
    ).toBeTruthy();
    expect(
      screen.getByText('Right of withdrawal: you can return products within 14 days of delivery.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
    // Opening hours from the shop configuration, weekday names from Intl in the new language.
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Monday – Saturday:', { exact: false })).toBeTruthy();
    expect(within(footer).getByText('8:00 – 13:00 and 16:00 – 20:00')).toBeTruthy();
    expect(within(footer).getByText('Sunday: closed')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the language stored under "language"', async () => {
    localStorage.setItem('language', 'de');
    await initI18n();
    await renderApp();
    expect(screen.getAllByRole('link', { name: 'Über uns' })).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
  });

  it('mirrors the language in a cookie (the server paints in it) and starts in it when local storage has none', async () => {
    localStorage.setItem('language', 'de');
    await initI18n();
    expect(document.cookie).toContain('language=de');
    localStorage.clear();
    await initI18n();
    await renderApp();
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
  });

  it('hides the cookie banner once accepted, also on the next visit', async () => {
    const first = await renderApp();
    const banner = screen.getByRole('complementary', { name: 'Informativa sui cookie' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Ho capito, accetto' }));
    expect(screen.queryByRole('complementary', { name: 'Informativa sui cookie' })).toBeNull();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');

    // As a cookie too, for the storefront server's first paint of the next page.
    expect(document.cookie).toContain('cookie_consent=accepted');

    first.unmount();
    localStorage.clear();
    await renderApp();
    expect(screen.queryByRole('complementary', { name: 'Informativa sui cookie' })).toBeNull();
    document.cookie = 'cookie_consent=; Max-Age=0; Path=/';
  });
});

describe('routes', () => {
  it.each(['/', '/home', '/pagina-che-non-esiste'])('%s shows the home page', async (path) => {
    await renderApp(path);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Il paradiso dei collezionisti a Napoli' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scopri i prodotti' }).getAttribute('href')).toBe('/prodotti');
  });

  it('composes the home page: hero with image and social links, banners, remote sections, newsletter', async () => {
    await renderApp('/');
    const hero = screen.getByRole('region', { name: 'Il paradiso dei collezionisti a Napoli' });
    const image = within(hero).getByRole('img') as HTMLImageElement;
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['640', '427']);
    expect(
      within(hero)
        .getByRole('link', { name: /Instagram/ })
        .getAttribute('target'),
    ).toBe('_blank');
    expect(screen.getByText(/assicurata fino a 99 €.*2-3 giorni lavorativi/)).toBeTruthy();
    expect(screen.getByText(/Klarna paghi in 3 rate senza interessi/)).toBeTruthy();
    for (const name of ['PresaleSection', 'ReservationSection', 'RecentReviews']) {
      expect(await screen.findByTestId(`remote-${name}`)).toBeTruthy();
    }
    expect(screen.getByRole('region', { name: 'Iscriviti alla newsletter' })).toBeTruthy();
    expect(document.title).toBe('Edicola Napoli – Collezionismo e modellismo a Napoli');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Edicola Napoli:/,
    );
  });

  it('delegates /review to the catalogue remote and titles the page', async () => {
    await renderApp('/review?article_id=a1');
    expect(await screen.findByTestId('remote-ReviewPage')).toBeTruthy();
    expect(document.title).toBe('Lascia una recensione – Edicola Napoli');
  });

  it('shows the static pages', async () => {
    await renderApp('/termini');
    expect(screen.getByRole('heading', { level: 1, name: 'Termini e condizioni di vendita' })).toBeTruthy();
    expect(screen.getByText('Ultima modifica: 15 settembre 2025')).toBeTruthy();
    expect(screen.getByText(/entro 14 giorni dalla consegna, senza indicarne il motivo/)).toBeTruthy();
    expect(screen.getByText(/garanzia legale di conformità di 2 anni/)).toBeTruthy();
  });

  it('shows the contact page with address, phone, e-mail and hours', async () => {
    await renderApp('/contatto');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Contatti' })).toBeTruthy();
    expect(within(main).getByText(/Via Toledo/)).toBeTruthy();
    expect(within(main).getByRole('link', { name: /\+39 081/ })).toBeTruthy();
    expect(within(main).getByRole('link', { name: /@/ })).toBeTruthy();
    expect(within(main).getByText('8:00 – 13:00 e 16:00 – 20:00')).toBeTruthy();
  });

  it('delegates /prodotti to the catalogue remote, passing the config', async () => {
    await renderApp('/prodotti');
    expect((await screen.findByTestId('remote-CatalogPage')).textContent).toBe(
      'CatalogPage http://localhost:8080',
    );
  });

  it.each([
    '/registrati',
    '/accedi',
    '/profilo',
    '/ordini/storico',
    '/password-dimenticata',
    '/reimposta-password',
    '/ordini/5d3c2b1a-0f9e-4d8c-b7a6-1234abcd5678?t=abc',
  ])('delegates %s to the account remote', async (path) => {
    await renderApp(path);
    expect(await screen.findByTestId('remote-AccountPages')).toBeTruthy();
  });

  it.each(['/checkout/success', '/checkout/cancelled', '/payment-success', '/pagamento-demo'])(
    'delegates %s to the payment pages of the checkout remote',
    async (path) => {
      await renderApp(path);
      expect(await screen.findByTestId('remote-PaymentPages')).toBeTruthy();
    },
  );

  it('delegates /gestione/login to the admin remote', async () => {
    await renderApp('/gestione/login');
    expect(await screen.findByTestId('remote-AdminApp')).toBeTruthy();
  });

  it.each(['/gestione', '/gestione/ordini/42'])(
    'gives %s to the admin remote alone: no shop header, cookie notice, cart or footer',
    async (path) => {
      await renderApp(path);
      const main = screen.getByRole('main');
      expect(within(main).getByTestId('remote-AdminApp')).toBeTruthy();
      expect(screen.queryByRole('banner')).toBeNull();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.queryByTestId('remote-CartButton')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('region', { name: /cookie/i })).toBeNull();
      expect(screen.queryByText(/cookie/i)).toBeNull();
    },
  );
});

describe('remote failures', () => {
  it('shows a translated fallback in place of a remote that fails, and the rest keeps working', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await renderApp('/prodotti', {
        ...workingLoaders,
        CatalogPage: () => Promise.reject(new Error('remoteEntry.js 404')),
        CartButton: () => Promise.reject(new Error('server down')),
      });
      const fallback = await screen.findByTestId('remote-fallback-mf_catalog');
      expect(fallback.getAttribute('role')).toBe('alert');
      expect(fallback.textContent).toContain(
        'La sezione «Catalogo» non è disponibile in questo momento. Riprova tra qualche minuto.',
      );
      expect(within(fallback).getByRole('button', { name: 'Riprova' })).toBeTruthy();
      expect(await screen.findByTestId('remote-fallback-mf_checkout')).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Il mio account' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Navigazione principale' })).toBeTruthy();
      expect(screen.getByRole('contentinfo')).toBeTruthy();

      fireEvent.click(
        within(screen.getByRole('navigation', { name: 'Navigazione principale' })).getByRole('link', {
          name: 'Chi siamo',
        }),
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Chi siamo' })).toBeTruthy();
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('an address per language (docs/product/article-pages.md#addresses)', () => {
  /** Renders at `path` after the shell's start-up read it, as the browser does on landing there. */
  async function land(path: string) {
    await initI18n(localStorage, path.split('?')[0]);
    return renderApp(path);
  }
  const nav = (name: string) => screen.getByRole('navigation', { name });
  const hrefsIn = (element: HTMLElement) =>
    within(element)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));

  it.each([
    ['/prodotti/charizard-ex-151-italiano', 'ArticlePage'],
    ['/en/prodotti/charizard-ex-151-italiano', 'ArticlePage'],
    ['/prodotti/categoria/pokemon', 'CatalogPage'],
    ['/de/prodotti/categoria/pokemon', 'CatalogPage'],
    ['/cerca?q=charizard', 'SearchPage'],
    ['/fr/cerca?q=charizard', 'SearchPage'],
    ['/nl/prodotti', 'CatalogPage'],
  ])('%s shows the remote %s', async (path, remote) => {
    await land(path);
    expect(await screen.findByTestId(`remote-${remote}`)).toBeTruthy();
    expect(address()).toBe(path);
  });

  it.each([
    ['/de/', 'de', 'Hauptnavigation'],
    ['/en/chi-siamo', 'en', 'Main navigation'],
    ['/es/termini', 'es', 'Navegación principal'],
  ])(
    '%s is in its language from the first render, and makes it the preference',
    async (path, language, name) => {
      await land(path);
      expect(nav(name)).toBeTruthy();
      expect(document.documentElement.lang).toBe(language);
      expect(localStorage.getItem('language')).toBe(language);
      expect(document.cookie).toContain(`language=${language}`);
      expect(address()).toBe(path);
    },
  );

  it('switches the texts and the preference when the visitor follows a link to a prefixed page', async () => {
    const catalogue = async () => ({
      default: () => <Link to="/de/prodotti/charizard-ex-151-italiano">Charizard ex</Link>,
    });
    await renderApp('/prodotti', { ...workingLoaders, CatalogPage: catalogue });
    await act(async () => {
      fireEvent.click(await screen.findByRole('link', { name: 'Charizard ex' }));
    });
    expect(address()).toBe('/de/prodotti/charizard-ex-151-italiano');
    expect(await screen.findByTestId('remote-ArticlePage')).toBeTruthy();
    expect(nav('Hauptnavigation')).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('moves a visitor whose preference is German from an Italian address to the German one (replace)', async () => {
    localStorage.setItem('language', 'de');
    await land('/prodotti/charizard-ex-151-italiano?foto=2#recensioni');
    expect(address()).toBe('/de/prodotti/charizard-ex-151-italiano?foto=2#recensioni');
    expect(await screen.findByTestId('remote-ArticlePage')).toBeTruthy();
    expect(nav('Hauptnavigation')).toBeTruthy();
  });

  it('keeps an Italian preference on the Italian address', async () => {
    await land('/prodotti/categoria/pokemon');
    expect(address()).toBe('/prodotti/categoria/pokemon');
    expect(document.documentElement.lang).toBe('it');
  });

  it('leaves the single-address pages where they are, in the preferred language', async () => {
    localStorage.setItem('language', 'de');
    await land('/accedi');
    expect(address()).toBe('/accedi');
    expect(await screen.findByTestId('remote-AccountPages')).toBeTruthy();
    expect(nav('Hauptnavigation')).toBeTruthy();
  });

  it('drops a prefix in front of a single-address page after taking its language', async () => {
    await land('/en/accedi');
    expect(address()).toBe('/accedi');
    expect(await screen.findByTestId('remote-AccountPages')).toBeTruthy();
    expect(nav('Main navigation')).toBeTruthy();
  });

  it("opens a German reset e-mail's link in German at the page's single address (docs/product/account.md#password-reset)", async () => {
    await land('/de/reimposta-password?token=abc');
    expect(address()).toBe('/reimposta-password?token=abc');
    expect(await screen.findByTestId('remote-AccountPages')).toBeTruthy();
    expect(nav('Hauptnavigation')).toBeTruthy();
  });

  it("points every link of the header, footer and home page to the page's language", async () => {
    await land('/en/');
    expect(hrefsIn(nav('Main navigation'))).toEqual([
      '/en/',
      '/en/prodotti',
      '/en/chi-siamo',
      '/en/contatto',
      '/en/termini',
      '/accedi',
      '/registrati',
      '/profilo',
    ]);
    expect(screen.getByRole('link', { name: /^Edicola Napoli/ }).getAttribute('href')).toBe('/en/');
    expect(screen.getByRole('link', { name: 'Browse the products' }).getAttribute('href')).toBe(
      '/en/prodotti',
    );
    const footer = screen.getByRole('contentinfo');
    expect(hrefsIn(footer).filter((href) => href?.startsWith('/'))).toEqual([
      '/en/chi-siamo',
      '/en/contatto',
      '/en/termini',
      '/en/privacy',
      '/gestione',
    ]);
    expect(screen.getByRole('search').getAttribute('action')).toBe('/en/cerca');
  });

  it('moves to the same page in the chosen language, with its query, as a new history entry', async () => {
    await land('/prodotti/categoria/pokemon?sort=price_asc#top');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Lingua'), { target: { value: 'de' } });
    });
    expect(address()).toBe('/de/prodotti/categoria/pokemon?sort=price_asc#top');
    expect(localStorage.getItem('language')).toBe('de');
    expect(nav('Hauptnavigation')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Sprache'), { target: { value: 'it' } });
    });
    expect(address()).toBe('/prodotti/categoria/pokemon?sort=price_asc#top');
    expect(localStorage.getItem('language')).toBe('it');
    expect(nav('Navigazione principale')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Lingua'), { target: { value: 'en' } });
    });
    expect(address()).toBe('/en/prodotti/categoria/pokemon?sort=price_asc#top');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    });
    expect(address()).toBe('/fr/prodotti/categoria/pokemon?sort=price_asc#top');
    expect(nav('Navigation principale')).toBeTruthy();
  });

  it('only changes the language on a page with a single address', async () => {
    await land('/checkout/success?session_id=cs_1');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Lingua'), { target: { value: 'de' } });
    });
    expect(address()).toBe('/checkout/success?session_id=cs_1');
    expect(nav('Hauptnavigation')).toBeTruthy();
  });
});

describe('skip links', () => {
  it("offers 'Vai al contenuto principale' and 'Vai al carrello' first; the second focuses the cart button", async () => {
    const cartButton = async () => ({
      default: () => <button type="button">Carrello (2)</button>,
    });
    await renderApp('/', { ...workingLoaders, CartButton: cartButton });
    const links = screen.getAllByRole('link');
    const skip = links.filter((link) => link.classList.contains('skip-link'));
    expect(skip.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Vai al contenuto principale', '#main'],
      ['Vai al carrello', '#carrello'],
    ]);
    // Before every other link of the page (the cookie notice has a button, no link).
    expect(links.slice(0, 2)).toEqual(skip);
    await screen.findByRole('button', { name: 'Carrello (2)' });
    fireEvent.click(skip[1]!);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Carrello (2)' }));
  });
});

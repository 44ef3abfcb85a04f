import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ArticleList } from '@edicola/contracts';
import {
  appArticleCard,
  appRendered,
  newVisitorEachTest,
  seriousA11yViolations,
  shop,
} from '../support/shop';

/** The shop's public articles, as the API serves them. */
async function publicArticles() {
  return ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
}

async function staffToken(): Promise<string> {
  const response = await fetch(`${shop.apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(shop.admin),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The newest unsubscribe link in the e-mails svc-notify wrote for `address` under DATA_DIR/mail. */
function tokenFor(address: string, page = 'unsubscribe'): string | null {
  const folder = path.join(shop.dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const file of files.sort().reverse()) {
    // Quoted-printable soft line breaks ("=\r\n") and "=3D" must be undone before reading the link.
    const mail = readFileSync(path.join(folder, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!mail.includes(address)) continue;
    const match = new RegExp(`newsletter/${page}\\?token=([\\w-]+)`).exec(mail);
    if (match) return match[1]!;
  }
  return null;
}

async function eventually<T>(read: () => T | null, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('not found in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('storefront screens', () => {
  let page: Page;
  let errors: string[];
  newVisitorEachTest({ locale: 'it-IT' }, (visit) => ({ page, errors } = visit));

  it('composes the home page: cookie banner first, hero, banners, pre-sale, reservation, newsletter, reviews', async () => {
    await page.goto(shop.webUrl);
    await page.getByRole('heading', { level: 1, name: 'Il paradiso dei collezionisti a Napoli' }).waitFor();
    await appRendered(page);
    // The cookie banner is the first stop of the keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ho capito, accetto');

    const hero = page.getByRole('region', { name: 'Il paradiso dei collezionisti a Napoli' });
    const heroImage = hero.getByRole('img');
    expect(
      await heroImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(0);
    await hero.getByRole('link', { name: /Facebook/ }).waitFor();
    expect(await page.textContent('body')).toMatch(/assicurata fino a 99 €/);
    expect(await page.textContent('body')).toMatch(/3 rate senza interessi/);

    const presale = page.getByTestId('home-prevendita');
    await presale
      .getByText(/^Disponibile dal \d+ \w+ \d{4}$/)
      .first()
      .waitFor();
    await page.getByTestId('home-prenotazione').getByRole('heading', { name: 'Su prenotazione' }).waitFor();
    await page.getByRole('region', { name: 'Iscriviti alla newsletter' }).waitFor();
    const reviews = page.getByTestId('home-reviews');
    await reviews.getByRole('listitem').first().waitFor();
    expect(await reviews.getByRole('listitem').count()).toBeLessThanOrEqual(6);
    expect(await page.getByRole('contentinfo').textContent()).toMatch(/8:00 – 13:00 e 16:00 – 20:00/);
    expect(await page.title()).toBe('Edicola Napoli – Collezionismo e modellismo a Napoli');

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('filters the catalogue by category from the buttons and from ?category=', async () => {
    const articles = await publicArticles();
    const pokemon = articles.filter((a) => a.category.toLowerCase() === 'pokemon').length;
    await page.goto(`${shop.webUrl}/prodotti?category=pokemon`);
    const filters = page.getByRole('group', { name: 'Filtra per categoria' });
    const pokemonButton = filters.getByRole('button', { name: `Pokemon (${pokemon})` });
    await pokemonButton.waitFor();
    expect(await pokemonButton.getAttribute('aria-pressed')).toBe('true');
    await page
      .getByTestId('article-card')
      .nth(pokemon - 1)
      .waitFor();
    expect(await page.getByTestId('article-card').count()).toBe(pokemon);

    await filters.getByRole('button', { name: `Tutti (${articles.length})` }).click();
    await page
      .getByTestId('article-card')
      .nth(articles.length - 1)
      .waitFor();
    expect(await page.getByTestId('article-card').count()).toBe(articles.length);
    expect(new URL(page.url()).search).toBe('');
    const panini = filters.getByRole('button', { name: /^Panini/ });
    expect(await panini.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(242, 183, 5)');

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens a shared link /prodotti?article={id}: scrolled to, highlighted for 3 s, with its rating', async () => {
    const articles = await publicArticles();
    const target = articles[articles.length - 1]!;
    await page.goto(`${shop.webUrl}/prodotti?article=${target.id}`);
    const card = appArticleCard(page, target.id);
    await card.and(page.locator('.cat-highlight')).waitFor();
    // Scrolled (smoothly) until the card is across the middle of the viewport.
    await card.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          const check = () => {
            const { top, bottom } = el.getBoundingClientRect();
            if (window.scrollY > 0 && top < window.innerHeight / 2 && bottom > window.innerHeight / 2)
              resolve();
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    await card.getByTestId('article-rating').getByRole('button').waitFor();
    await page.locator('.cat-highlight').waitFor({ state: 'detached', timeout: 5000 });
  });

  it('writes a review from the card, and reads it once staff approved it', async () => {
    const articles = await publicArticles();
    const article = articles[0]!;
    const title = `Recensione e2e ${Date.now()}`;
    await page.goto(`${shop.webUrl}/prodotti?article=${article.id}`);
    const card = appArticleCard(page, article.id);
    await card.getByTestId('article-rating').getByRole('button').click();
    let dialog = page.getByRole('dialog');
    const write = dialog.getByRole('button', { name: 'Lascia una recensione' });
    if (await write.count()) await write.click();
    dialog = page.getByRole('dialog', { name: `Scrivi una recensione: ${article.title}` });
    expect(await dialog.getByLabel('Valutazione').inputValue()).toBe('5');
    await dialog.getByLabel('Nome *').fill('Giulia');
    await dialog.getByLabel('Email *').fill('giulia@example.com');
    await dialog.getByLabel('Titolo *').fill(title);
    await dialog.getByLabel('Commento *').fill('<script>alert(1)</script> Arrivato perfetto.');
    await dialog.getByRole('button', { name: 'Invia recensione' }).click();
    await dialog.getByText('Recensione inviata con successo! Grazie per il feedback.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const token = await staffToken();
    const pending = (await (
      await fetch(`${shop.apiUrl}/api/admin/reviews/pending`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { id: string; title: string }[];
    const mine = pending.find((review) => review.title === title)!;
    const approved = await fetch(`${shop.apiUrl}/api/admin/reviews/${mine.id}/approve`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(approved.ok).toBe(true);

    await page.reload();
    await card.getByRole('button', { name: 'Leggi recensioni' }).click();
    dialog = page.getByRole('dialog', { name: `Recensioni: ${article.title}` });
    const item = dialog.getByRole('listitem').filter({ hasText: title });
    await item.waitFor();
    expect(await item.textContent()).toContain('<script>alert(1)</script> Arrivato perfetto.');
    expect(await item.textContent()).toMatch(/di Giulia · \d{2}\/\d{2}\/\d{4}/);
    await item.getByRole('button', { name: 'Utile (0)' }).click();
    await item.getByRole('button', { name: 'Utile (1)' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("the /review page of an order e-mail says 'Tutti i campi sono obbligatori' and sends the review", async () => {
    const [article] = await publicArticles();
    await page.goto(
      `${shop.webUrl}/review?article_id=${article!.id}&order_id=e2e-order-1&email=marco%40example.com`,
    );
    await page.getByRole('heading', { level: 1, name: 'Lascia una recensione' }).waitFor();
    expect(await page.getByLabel('Email *').inputValue()).toBe('marco@example.com');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Invia recensione' }).click();
    await page.getByRole('alert').filter({ hasText: 'Tutti i campi sono obbligatori' }).waitFor();
    await page.getByLabel('Nome *').fill('Marco');
    await page.getByLabel('Titolo *').fill('Consigliato');
    await page.getByLabel('Commento *').fill('Spedizione veloce.');
    await page.getByRole('button', { name: 'Invia recensione' }).click();
    await page.getByText('Recensione inviata con successo! Grazie per il feedback.').waitFor();
    expect(await page.title()).toBe('Lascia una recensione – Edicola Napoli');
  });

  it('subscribes to the newsletter from the home page and unsubscribes with the e-mailed token', async () => {
    const address = `lettore-${Date.now()}@example.com`;
    await page.goto(shop.webUrl);
    const form = page.getByRole('region', { name: 'Iscriviti alla newsletter' });
    await form.getByRole('button', { name: 'Iscriviti' }).click();
    await form.getByText('Inserisci un indirizzo email valido').waitFor();
    await form.getByLabel('Email *').fill(address);
    await form.getByLabel('Nome (facoltativo)').fill('Lia');
    await form.getByRole('button', { name: 'Iscriviti' }).click();
    await form.getByText('Iscrizione completata! Controlla la tua email per la conferma.').waitFor();
    await form.getByLabel('Email *').fill(address);
    await form.getByRole('button', { name: 'Iscriviti' }).click();
    await form.getByText('Email già registrata alla newsletter!').waitFor();

    // Double opt-in: the subscription counts once the e-mail's link is followed and confirmed.
    const confirmToken = await eventually(() => tokenFor(address, 'confirm'));
    await page.goto(`${shop.webUrl}/newsletter/confirm?token=${confirmToken}`);
    await page.getByRole('button', { name: "Conferma l'iscrizione" }).click();
    await page.getByText('Iscrizione confermata! Riceverai la nostra newsletter.').waitFor();

    const token = await eventually(() => tokenFor(address));
    await page.goto(`${shop.webUrl}/newsletter/unsubscribe?token=${token}`);
    expect(await page.getByLabel('Codice di cancellazione').inputValue()).toBe(token);
    await page.getByRole('button', { name: 'Cancella iscrizione' }).click();
    await page.getByText(/^Cancellazione completata con successo!/).waitFor();

    await page.goto(`${shop.webUrl}/newsletter/unsubscribe?token=${token}`);
    await page.getByRole('button', { name: 'Cancella iscrizione' }).click();
    await page.getByText('Token non valido o già utilizzato. Contattaci per assistenza.').waitFor();
  });

  it('sends a message from /contatto', async () => {
    await page.goto(`${shop.webUrl}/contatto`);
    await page.getByRole('heading', { level: 1, name: 'Contatti' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /eBay/ }).waitFor();
    await page.getByLabel('Nome *').fill('Gino');
    await page.getByLabel('Email *').fill('gino@example.com');
    await page.getByLabel('Messaggio *').fill('Avete il casco Leclerc in scala 1:2?');
    await page.getByRole('button', { name: 'Invia messaggio' }).click();
    await page.getByText(/^Messaggio inviato!/).waitFor();
    expect(errors).toEqual([]);
  });

  it('switches language: texts, page title and availability dates follow', async () => {
    await page.goto(shop.webUrl);
    await page
      .getByTestId('home-prevendita')
      .getByText(/^Disponibile dal/)
      .first()
      .waitFor();
    await page.getByLabel('Lingua').selectOption('fr');
    await page.getByRole('heading', { level: 1, name: 'Le paradis des collectionneurs à Naples' }).waitFor();
    const date = (await page
      .getByTestId('home-prevendita')
      .locator('.cat-availability')
      .first()
      .textContent())!;
    expect(date).toMatch(
      /^Disponible à partir du \d+ (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
    );
    expect(await page.title()).toBe('Edicola Napoli – Objets de collection et modélisme à Naples');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
      /^Edicola Napoli : modèles réduits/,
    );
    await page.goto(`${shop.webUrl}/prodotti`);
    await page.getByRole('group', { name: 'Filtrer par catégorie' }).waitFor();
    // The server's first paint is French already (the language's cookie); the app then titles the page.
    await page.getByTestId('article-card').first().waitFor();
    await page.waitForFunction(() => document.title === 'Catalogue des produits – Edicola Napoli');
  });

  it('retries a broken photo once with a cache-busting query, then shows "Immagine non disponibile" dimmed', async () => {
    // Other e2e files add articles without a photo, and the newest come first: take one with a photo.
    const article = (await publicArticles()).find((candidate) => candidate.is_active && candidate.photo_url);
    const photoPath = new URL(article!.photo_url!, shop.webUrl).pathname;
    const requests: string[] = [];
    // A predicate, not a glob: '?' and '*' in a glob are wildcards, and the retry's query must match too.
    await page.route(
      (url) => url.pathname.endsWith(photoPath),
      (route) => {
        requests.push(route.request().url());
        return route.fulfill({ status: 404, body: '' });
      },
    );
    await page.goto(`${shop.webUrl}/prodotti`);
    const card = appArticleCard(page, article!.id);
    // Below the fold its photo is lazy: bring the card into view so it is asked for at all.
    await card.scrollIntoViewIfNeeded();
    // The card's photo repeats its title link, so it is hidden from screen readers: found by its alt text.
    const failed = card.getByAltText('Immagine non disponibile', { exact: true });
    await failed.waitFor();
    expect(await failed.evaluate((img) => getComputedStyle(img).opacity)).toBe('0.5');
    // The photo is asked for by the page's preload, the server's first paint and the catalogue's card
    // (a 404 is not cached, so each asks again); the card retries it exactly once, and that is the last.
    const retries = requests.filter((url) => /[?&]retry=\d+$/.test(url));
    expect(retries).toHaveLength(1);
    expect(requests.at(-1)).toBe(retries[0]);
    expect(requests.slice(0, -1).every((url) => !url.includes('retry='))).toBe(true);
  });

  it('says the cart is unavailable when mf-checkout did not load', async () => {
    await page.route('**/mf/checkout/**', (route) => route.abort());
    await page.goto(`${shop.webUrl}/prodotti`);
    // The app's own card (a click on the first paint is replayed once the app is there: another journey's case).
    await page
      .getByTestId('article-card')
      .getByRole('button', { name: 'Aggiungi al Carrello' })
      .first()
      .click();
    await page.getByText(/^Il carrello non è disponibile in questo momento/).waitFor();
  });

  it('says the API is down with a retry and the phone, not the empty catalogue', async () => {
    await page.route('**/public/articles', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto(`${shop.webUrl}/prodotti`);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'I prodotti verranno caricati a breve. Contattaci per informazioni!' });
    await alert.waitFor();
    await alert.getByRole('link', { name: /\+39/ }).waitFor();
    expect(await page.getByTestId('sample-card').count()).toBe(0);
    await page.unroute('**/public/articles');
    await alert.getByRole('button', { name: 'Riprova' }).click();
    await page.getByTestId('article-card').first().waitFor();
  });
});

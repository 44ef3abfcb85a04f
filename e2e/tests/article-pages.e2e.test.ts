import type { Page } from 'playwright-core';
import { ArticleList, SearchResults, type Article } from '@edicola/contracts';
import { appRendered, collectErrors, newVisitorEachTest, seriousA11yViolations, shop } from '../support/shop';

/** The journey of docs/product/article-pages.md: found with a typo, chosen by condition and photos, bought. */
const phone = {
  locale: 'it-IT',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

async function catalogue(): Promise<Article[]> {
  return ArticleList.parse(await (await fetch(`${shop.apiUrl}/public/articles`)).json());
}

/** The article's main word (its longest of at least 6 letters) misspelt as a hurried thumb would: a letter doubled. */
function misspelt(title: string): { word: string; typo: string } {
  const word = title
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 6)
    .sort((a, b) => b.length - a.length)[0]!;
  const at = Math.floor(word.length / 2);
  return { word, typo: `${word.slice(0, at)}${word[at]}${word.slice(at)}`.toLowerCase() };
}

describe('article pages and search', () => {
  let page: Page;
  let errors: string[];
  newVisitorEachTest(phone, (visit) => ({ page, errors } = visit));

  it('a collector searches with a typo on a phone, filters by condition, browses the photos, switches to German and buys', async () => {
    const articles = await catalogue();
    const card = articles.find(
      (a) =>
        a.attributes.condition && a.photos.length >= 2 && a.quantity_stock > 0 && /\p{L}{6,}/u.test(a.title),
    )!;
    expect(card).toBeDefined();
    const { typo } = misspelt(card.title);

    // The search box in the header, opened from its button on a phone; suggestions come as one types.
    await page.goto(shop.webUrl);
    await appRendered(page);
    await page.getByRole('button', { name: 'Apri la ricerca' }).click();
    const box = page.getByRole('combobox', { name: 'Cerca nel negozio' });
    await box.fill(typo);
    await page.getByRole('listbox', { name: 'Suggerimenti' }).getByRole('option').first().waitFor();
    await box.press('Enter');
    await page.waitForURL(`**/cerca?q=${encodeURIComponent(typo)}`);

    // The results page: the typo forgiven, then narrowed to the card's condition.
    const results = page.getByRole('list', { name: 'Risultati della ricerca' });
    await results.getByRole('link', { name: card.title, exact: true }).waitFor();
    const answer = SearchResults.parse(
      await (await fetch(`${shop.apiUrl}/public/search?q=${encodeURIComponent(typo)}`)).json(),
    );
    expect(answer.items.map((a) => a.id)).toContain(card.id);
    await page.getByRole('button', { name: 'Filtri' }).click();
    await page.getByLabel('Condizione').selectOption(card.attributes.condition!);
    await page.waitForURL(`**/cerca?*condition=${card.attributes.condition}*`);
    await results.getByRole('link', { name: card.title, exact: true }).waitFor();
    for (const title of await results.getByRole('heading', { level: 2 }).allTextContents()) {
      const shown = articles.find((a) => a.title === title.trim());
      if (shown) expect(shown.attributes.condition).toBe(card.attributes.condition);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The article's own page at its readable address, with its photos.
    await results.getByRole('link', { name: card.title, exact: true }).click();
    await page.waitForURL(`**/prodotti/${card.slug}`);
    await page.getByRole('heading', { level: 1, name: card.title }).waitFor();
    const gallery = page.getByRole('group', { name: card.title });
    const total = card.photos.length;
    await gallery.getByRole('button', { name: `Mostra la foto 2 di ${total}` }).click();
    await gallery.getByRole('button', { name: `Ingrandisci la foto 2 di ${total}` }).click();
    const zoom = page.getByRole('dialog', { name: `Foto 2 di ${total}` });
    await zoom.waitFor();
    expect(await zoom.getByRole('img').first().getAttribute('alt')).toBe(card.photos[1]!.alt);
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // German: the address changes, the page stays.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Navigazione principale' })
      .getByLabel('Lingua')
      .selectOption('de');
    await page.waitForURL(`**/de/prodotti/${card.slug}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('heading', { level: 1, name: card.title }).waitFor();

    // Added to the cart and bought, in German.
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('button', { name: /^Warenkorb – Artikel: 1/ }).click();
    const cart = page.getByRole('dialog', { name: 'Ihr Warenkorb' });
    await cart.getByTestId('cart-shipping').waitFor();
    await cart.getByRole('button', { name: 'Zur Zahlung' }).click();
    await page
      .getByRole('dialog', { name: 'Zahlungsart wählen' })
      .getByRole('button', { name: /Banküberweisung/ })
      .click();
    const form = page.getByRole('dialog', { name: 'Ihre Daten' });
    const details: Record<string, string> = {
      'Vollständiger Name': 'Lukas Becker',
      'E-Mail': 'lukas.becker@example.de',
      Telefon: '+49 30 1234567',
      Lieferadresse: 'Via Chiaia 5',
      Stadt: 'Napoli',
      PLZ: '80121',
    };
    for (const [label, value] of Object.entries(details)) {
      await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
    await form.getByRole('button', { name: 'Bestellung bestätigen' }).click();
    await page.getByRole('heading', { name: 'Bestellung bestätigt!' }).waitFor();
    const after = (await catalogue()).find((a) => a.id === card.id)!;
    expect(after.quantity_stock).toBe(card.quantity_stock - 1);
    expect(errors).toEqual([]);
  });

  it('serves an article page a search engine can read, in every language, without JavaScript', async () => {
    const [article] = (await catalogue()).filter((a) => a.quantity_stock > 0);
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false, locale: 'de-DE' });
    const plain = await context.newPage();
    const pageErrors = collectErrors(plain);
    try {
      await plain.goto(`${shop.webUrl}/de/prodotti/${article!.slug}`);
      await plain.getByRole('heading', { level: 1, name: article!.title }).waitFor();
      expect(await plain.locator('html').getAttribute('lang')).toBe('de');
      const alternates = await plain
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
        );
      expect(alternates).toHaveLength(9);
      expect(alternates).toContainEqual(['x-default', `${shop.webUrl}/prodotti/${article!.slug}`]);
      const structured = JSON.parse(
        (await plain.locator('script[type="application/ld+json"]').textContent())!,
      ) as { '@type': string } | { '@type': string }[];
      const types = (Array.isArray(structured) ? structured : [structured]).map((node) => node['@type']);
      expect(types).toContain('Product');
      // The catalogue's deep link names the page as canonical; the German page made German the visitor's
      // preference, so the Italian address leads to the German one.
      await plain.goto(`${shop.webUrl}/prodotti?article=${article!.id}`);
      expect(plain.url()).toBe(`${shop.webUrl}/de/prodotti?article=${article!.id}`);
      expect(await plain.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${shop.webUrl}/de/prodotti/${article!.slug}`,
      );
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

import type { Page } from 'playwright-core';
import { articlePath } from '@edicola/contracts';
import { mailAbout, mailsTo } from '../support/mail';
import { appRendered, newVisitorEachTest, shop } from '../support/shop';
import { api, newArticle, staffToken } from '../support/staff-api';

jest.setTimeout(90_000);

// docs/product/stock-alerts.md: 'Avvisami' on a sold-out article, the confirmation, the e-mail when staff add stock.
describe('back-in-stock alerts', () => {
  let page: Page;
  newVisitorEachTest({ locale: 'it-IT' }, (visit) => ({ page } = visit));

  it('a visitor asks to be told on a sold-out article, confirms from the e-mail, and is told when staff add stock', async () => {
    const token = await staffToken();
    const article = await newArticle(token, 0);
    const listed = await api<{ id: string; slug: string }[]>('GET', '/public/articles');
    const slug = listed.body.find((a) => a.id === article.id)!.slug;
    const email = `collezionista.${Date.now()}@example.it`;

    await page.goto(`${shop.webUrl}${articlePath(slug)}`);
    await appRendered(page);
    // The form of the server's first paint is replaced by the app's: type into the app's.
    await page.waitForLoadState('networkidle');
    await page.getByText('Avvisami quando torna disponibile').waitFor();
    await page.getByLabel('La tua email').fill(email);
    await page.getByRole('button', { name: 'Avvisami' }).click();
    await page.getByText('Controlla la tua email e conferma').waitFor();

    const confirmation = await mailAbout(email, "Conferma l'avviso");
    expect(confirmation.subject).toContain(article.title);
    const link = /https?:\/\/\S+\/avvisi\/conferma\?token=[\w-]+/.exec(confirmation.text ?? '')![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, shop.webUrl));
    await page.getByRole('button', { name: "Conferma l'avviso" }).click();
    await page.getByText('Avviso confermato!').waitFor();

    // Staff count the demand before the units come back.
    const waiting = await api<{ articles: { article_id: string; waiting: number }[] }>(
      'GET',
      '/api/admin/stock-alerts/waiting',
      undefined,
      token,
    );
    expect(waiting.body.articles.find((a) => a.article_id === article.id)?.waiting).toBe(1);

    const received = await api(
      'POST',
      `/api/articles/${article.id}/stock`,
      { delta: 2, reason: 'received' },
      token,
    );
    expect(received.status).toBe(201);
    const told = await mailAbout(email, 'è di nuovo disponibile');
    expect(told.text).toContain(articlePath(slug));
    expect((await mailsTo(email)).filter((m) => m.subject?.includes('è di nuovo disponibile'))).toHaveLength(
      1,
    );
  });
});

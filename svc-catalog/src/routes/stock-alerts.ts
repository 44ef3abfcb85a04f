import type { Router } from 'express';
import { and, eq, isNull } from 'drizzle-orm';
import { endpoint, type StockAlertAccepted } from '@edicola/contracts';
import { conflict, notFound, type Db, type EventBus, type RateLimits, routeServer } from '@edicola/platform';
import { articles } from '../db/schema';
import { articleAlertRequested } from '../stock/alert-requested';

export interface StockAlertRouteOptions {
  alertsPerHour: number;
  limits: RateLimits;
}

/**
 * POST /public/articles/{id}/alerts, 'Avvisami' (docs/product/stock-alerts.md, decision 0064): svc-catalog checks
 * the article is on the shop and sold out, and hands the address to svc-notify (article.alert_requested), which
 * keeps it and sends the confirmation. 202 with the same answer whether or not the address already waits.
 */
export function stockAlertRoutes(router: Router, db: Db, bus: EventBus, options: StockAlertRouteOptions) {
  const serve = routeServer(router);
  serve(
    endpoint('POST /public/articles/:id/alerts'),
    [
      options.limits.perAddress({
        name: 'stock-alerts',
        windowMs: 60 * 60 * 1000,
        limit: options.alertsPerHour,
        detail: 'Troppe richieste di avviso. Riprova più tardi.',
        successesOnly: true,
      }),
    ],
    async ({ params, body }, _req, res): Promise<StockAlertAccepted> => {
      await db.transaction(async (tx) => {
        const [article] = await tx
          .select({
            id: articles.id,
            slug: articles.slug,
            title: articles.title,
            stock: articles.quantityStock,
          })
          .from(articles)
          .where(and(eq(articles.id, params.id), eq(articles.isActive, true), isNull(articles.deletedAt)));
        if (!article) throw notFound('Articolo non trovato');
        if (article.stock > 0) throw conflict("L'articolo è disponibile: puoi ordinarlo subito.", 'in_stock');
        await bus.emit(
          tx,
          'article.alert_requested',
          articleAlertRequested(article, body.email, body.language, new Date()),
        );
      });
      res.status(202);
      return {
        message: 'Controlla la tua email e conferma: ti avviseremo quando l’articolo torna disponibile.',
      };
    },
  );
}

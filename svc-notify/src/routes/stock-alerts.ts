import type { Router } from 'express';
import { endpoint, type StockAlertAnswer, type StockAlertWaiting } from '@edicola/contracts';
import { notFound, type Db, type TokenVerifier, routeServer } from '@edicola/platform';
import { confirmStockAlert, unsubscribeStockAlert, waitingCounts } from '../stock-alerts/alerts';

/**
 * Back-in-stock alerts' links and the back office's demand figure (docs/product/stock-alerts.md): confirming from
 * the e-mail (double opt-in), ending in one click, and per article how many wait (staff).
 */
export function stockAlertRoutes(router: Router, db: Db, verifier: TokenVerifier) {
  const serve = routeServer(router, verifier);

  serve(endpoint('POST /stock-alerts/confirm'), async ({ body }): Promise<StockAlertAnswer> => {
    if (!(await confirmStockAlert(db, body.token))) {
      throw notFound('Link non valido o scaduto: chiedi di nuovo l’avviso dalla pagina dell’articolo.');
    }
    return { message: 'Avviso confermato! Ti scriveremo quando l’articolo torna disponibile.' };
  });

  serve(endpoint('POST /stock-alerts/unsubscribe'), async ({ body }): Promise<StockAlertAnswer> => {
    if (!(await unsubscribeStockAlert(db, body.token))) {
      throw notFound('Link non valido o già utilizzato.');
    }
    return { message: 'Avviso annullato: non riceverai altre email per questo articolo.' };
  });

  serve(endpoint('GET /api/admin/stock-alerts/waiting'), (): Promise<StockAlertWaiting> => waitingCounts(db));
}

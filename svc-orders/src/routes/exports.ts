import type { Router } from 'express';
import { endpoint } from '@edicola/contracts';
import { type Db, type TokenVerifier, routeServer } from '@edicola/platform';
import { csvDownload, streamCsv } from '../exports/italian-csv';
import { ORDERS_CSV_HEADER, ordersCsvFilename, ordersCsvRows } from '../exports/orders-csv';
import { TAKINGS_CSV_HEADER, takingsCsvFilename, takingsCsvRows } from '../exports/takings';

/** The back office's CSV files, for Italian Excel (exports/italian-csv.ts): the orders and the month's takings. */
export function exportRoutes(router: Router, options: { db: Db; verifier: TokenVerifier }) {
  const serve = routeServer(router, options.verifier);

  // docs/product/back-office.md#orders-csv: the orders of the list's current filters, streamed from the
  // database.
  serve(endpoint('GET /orders/export/csv'), async ({ query }, _req, res) => {
    csvDownload(res, ordersCsvFilename());
    await streamCsv(res, ORDERS_CSV_HEADER, ordersCsvRows(options.db, query));
  });

  serve(endpoint('GET /api/exports/takings.csv'), async ({ query }, _req, res) => {
    csvDownload(res, takingsCsvFilename(query.month));
    await streamCsv(res, TAKINGS_CSV_HEADER, takingsCsvRows(options.db, query.month));
  });
}

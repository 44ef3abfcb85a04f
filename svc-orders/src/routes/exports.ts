import type { Router } from 'express';
import { ANY_STAFF, OrderFilterQuery, TakingsQuery } from '@edicola/contracts';
import { handle, requireAuth, type Db, type TokenVerifier } from '@edicola/platform';
import { csvDownload, streamCsv } from '../exports/italian-csv';
import { ORDERS_CSV_HEADER, ordersCsvFilename, ordersCsvRows } from '../exports/orders-csv';
import { TAKINGS_CSV_HEADER, takingsCsvFilename, takingsCsvRows } from '../exports/takings';

/** The back office's CSV files, for Italian Excel (exports/italian-csv.ts): the orders and the month's takings. */
export function exportRoutes(router: Router, options: { db: Db; verifier: TokenVerifier }) {
  const staffOnly = requireAuth(options.verifier, { kind: 'staff', roles: ANY_STAFF });

  // docs/product/back-office.md#orders-csv: the orders of the list's current filters, streamed from the
  // database.
  router.get(
    '/orders/export/csv',
    staffOnly,
    handle({ query: OrderFilterQuery }, async ({ query }, _req, res) => {
      csvDownload(res, ordersCsvFilename());
      await streamCsv(res, ORDERS_CSV_HEADER, ordersCsvRows(options.db, query));
    }),
  );

  router.get(
    '/api/exports/takings.csv',
    staffOnly,
    handle({ query: TakingsQuery }, async ({ query }, _req, res) => {
      csvDownload(res, takingsCsvFilename(query.month));
      await streamCsv(res, TAKINGS_CSV_HEADER, takingsCsvRows(options.db, query.month));
    }),
  );
}

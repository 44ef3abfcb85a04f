import type { Response, Router } from 'express';
import {
  endpoint,
  PRICE_CHANGE_ROLES,
  type CounterClosure,
  type CounterClosureList,
  type CounterSale,
  type CounterSaleList,
  type CounterStatus,
  type DemoRtJournal,
  type StaffRole,
} from '@edicola/contracts';
import { authOf, HttpError, notFound, routeServer, type TokenVerifier } from '@edicola/platform';
import { closeDay, listClosures } from '../counter/closures';
import { returnCounterSale } from '../counter/returns';
import { createCounterSale, type Cashier, type CounterDeps } from '../counter/sales';
import { counterSale, counterSalesOf, counterStatus } from '../counter/view';
import type { FiscalPrinter } from '../counter/rt/fiscal-printer';
import { idempotencyKeyOf } from './orders';

export interface CounterRouteOptions extends CounterDeps {
  verifier: TokenVerifier;
  printer: FiscalPrinter | null;
  /** How long a sale's request waits for its receipt before answering `printing`. */
  printWaitMs: number;
  /** The demo RT's paper roll (RT_MODE demo), null otherwise. */
  demoJournal: (() => DemoRtJournal) | null;
}

export const RETURN_KEY_MISSING = 'Manca la chiave Idempotency-Key: ricarica la pagina e riprova';

function cashierOf(res: Response): Cashier {
  const user = authOf(res);
  return { id: user.sub, username: user.name, role: user.role as StaffRole };
}

/** The counter (docs/product/counter.md): sales with their receipt, returns, the day's closure. */
export function counterRoutes(router: Router, options: CounterRouteOptions) {
  const serve = routeServer(router, options.verifier);
  const db = options.database.db;

  serve(endpoint('GET /api/pos/status'), (_input, _req, res): Promise<CounterStatus> => {
    const role = cashierOf(res).role;
    return counterStatus(db, options.printing.mode, (PRICE_CHANGE_ROLES as readonly string[]).includes(role));
  });

  serve(endpoint('GET /api/pos/sales'), async ({ query }): Promise<CounterSaleList> =>
    counterSalesOf(db, query.day),
  );

  serve(endpoint('POST /api/pos/sales'), async ({ body }, req, res): Promise<CounterSale> => {
    const key = idempotencyKeyOf(req);
    const id = await createCounterSale(options, body, cashierOf(res), key);
    await options.printing.settle('sale', id, options.printWaitMs);
    const sale = await counterSale(db, id);
    res.status(sale.status === 'completed' ? 201 : 202);
    return sale;
  });

  serve(endpoint('GET /api/pos/sales/:id'), ({ params }): Promise<CounterSale> => counterSale(db, params.id));

  serve(
    endpoint('POST /api/pos/sales/:id/returns'),
    async ({ params, body }, req, res): Promise<CounterSale> => {
      const key = idempotencyKeyOf(req);
      if (key === null) throw new HttpError(428, RETURN_KEY_MISSING);
      const { returnId, replayed } = await returnCounterSale(options, params.id, body, cashierOf(res), key);
      if (replayed) res.set('Idempotent-Replayed', 'true');
      else await options.printing.settle('return', returnId, options.printWaitMs);
      res.status(replayed ? 200 : 201);
      return counterSale(db, params.id);
    },
  );

  serve(endpoint('GET /api/pos/closures'), async (): Promise<CounterClosureList> => ({
    closures: await listClosures(options.database),
  }));

  serve(endpoint('POST /api/pos/closures'), async (_input, _req, res): Promise<CounterClosure> => {
    const closure = await closeDay(
      { database: options.database, printer: options.printer, mode: options.printing.mode },
      cashierOf(res),
    );
    res.status(201);
    return closure;
  });

  serve(endpoint('GET /api/pos/demo-rt'), async (): Promise<DemoRtJournal> => {
    if (!options.demoJournal) throw notFound('La stampante demo è attiva solo con RT_MODE=demo');
    return options.demoJournal();
  });
}

import type { Response, Router } from 'express';
import { z } from 'zod';
import {
  ANY_STAFF,
  InvoiceRequest,
  NextInvoiceNumberQuery,
  OrderIdParams,
  type NextInvoiceNumber,
  type Order,
} from '@edicola/contracts';
import {
  auditBy,
  authOf,
  handle,
  requireAuth,
  type Database,
  type EventBus,
  type TokenVerifier,
} from '@edicola/platform';
import { fatturaPaFileName, fatturaPaXml } from '../invoices/fatturapa';
import { creditNoteOf, invoiceOf, type Reader } from '../invoices/files';
import { parseInvoiceDataUpdate, saveInvoiceData } from '../invoices/invoice-data';
import { issueInvoice, nextInvoiceNumber } from '../invoices/issue';
import { fiscalDocumentPdf } from '../invoices/pdf';
import { requireShopFiscal, type ShopFiscalState } from '../invoices/shop-fiscal';
import type { FiscalDocument } from '../invoices/document';

export interface InvoiceRouteOptions {
  database: Database;
  bus: EventBus;
  verifier: TokenVerifier;
  shopFiscal: ShopFiscalState;
}

/**
 * A credit note's number `N/YYYY` travels as `N-YYYY`: an encoded slash (`%2F`) is refused by the gateway
 * (docs/decisions/0033).
 */
const CreditNoteParams = OrderIdParams.extend({
  number: z
    .string()
    .regex(/^[1-9]\d{0,8}-\d{4}$/, 'Numero della nota di credito non valido (N-AAAA)')
    .transform((number) => number.replace('-', '/')),
});

/** 'Fattura 12/2026' → 'fattura-12-2026'. */
const fileStem = (doc: FiscalDocument) =>
  `${doc.type === 'TD01' ? 'fattura' : 'nota-di-credito'}-${doc.number.replace('/', '-')}`;

async function sendPdf(res: Response, doc: FiscalDocument) {
  const pdf = await fiscalDocumentPdf(doc);
  res
    .status(200)
    .type('application/pdf')
    .set('Content-Disposition', `attachment; filename="${fileStem(doc)}.pdf"`)
    .set('Cache-Control', 'private, no-store')
    .send(pdf);
}

function sendXml(res: Response, doc: FiscalDocument) {
  res
    .status(200)
    .type('application/xml')
    .set('Content-Disposition', `attachment; filename="${fatturaPaFileName(doc)}"`)
    .set('Cache-Control', 'private, no-store')
    .send(fatturaPaXml(doc));
}

/**
 * Invoices (docs/product/orders-and-payments.md#invoices; issue 16): staff enter the buyer's fiscal data when
 * the order has none (decision 0033), issue
 * an order's invoice and download it as PDF or FatturaPA XML, with the credit notes refunds produced; a customer downloads the PDF of their own order's invoice. While the shop's fiscal
 * data are not configured (outside the all-in-one demo) every route but the next number answers 503.
 */
export function invoiceRoutes(router: Router, options: InvoiceRouteOptions) {
  const staffOnly = requireAuth(options.verifier, { kind: 'staff', roles: ANY_STAFF });
  const customerOnly = requireAuth(options.verifier, { kind: 'customer' });
  const db = options.database.db;
  const shop = () => requireShopFiscal(options.shopFiscal);
  const staff: Reader = { kind: 'staff' };

  router.put(
    '/orders/:id/invoice',
    staffOnly,
    handle({ params: OrderIdParams, body: InvoiceRequest }, ({ params, body }, _req, res): Promise<Order> => {
      shop();
      const user = authOf(res);
      return issueInvoice(
        options.database,
        options.bus,
        { orderId: params.id, request: body, staff: { id: user.sub, username: user.name } },
        auditBy(options.bus, res),
      );
    }),
  );

  router.put(
    '/api/orders/:id/invoice-data',
    staffOnly,
    handle({ params: OrderIdParams }, ({ params }, req, res): Promise<Order> => {
      const user = authOf(res);
      return saveInvoiceData(
        options.database,
        options.bus,
        {
          orderId: params.id,
          update: parseInvoiceDataUpdate(req.body),
          staff: { id: user.sub, username: user.name },
        },
        auditBy(options.bus, res),
      );
    }),
  );

  router.get(
    '/api/invoices/next-number',
    staffOnly,
    handle({ query: NextInvoiceNumberQuery }, ({ query }): Promise<NextInvoiceNumber> =>
      nextInvoiceNumber(db, query.year),
    ),
  );

  router.get(
    '/api/orders/:id/invoice.pdf',
    staffOnly,
    handle({ params: OrderIdParams }, async ({ params }, _req, res) => {
      await sendPdf(res, await invoiceOf(db, shop(), params.id, staff));
    }),
  );

  router.get(
    '/api/orders/:id/invoice.xml',
    staffOnly,
    handle({ params: OrderIdParams }, async ({ params }, _req, res) => {
      sendXml(res, await invoiceOf(db, shop(), params.id, staff));
    }),
  );

  router.get(
    '/api/orders/:id/credit-notes/:number.pdf',
    staffOnly,
    handle({ params: CreditNoteParams }, async ({ params }, _req, res) => {
      await sendPdf(res, await creditNoteOf(db, shop(), params.id, params.number, staff));
    }),
  );

  router.get(
    '/api/orders/:id/credit-notes/:number.xml',
    staffOnly,
    handle({ params: CreditNoteParams }, async ({ params }, _req, res) => {
      sendXml(res, await creditNoteOf(db, shop(), params.id, params.number, staff));
    }),
  );

  router.get(
    '/api/customers/orders/:id/invoice.pdf',
    customerOnly,
    handle({ params: OrderIdParams }, async ({ params }, _req, res) => {
      const reader: Reader = { kind: 'customer', customerId: authOf(res).sub };
      await sendPdf(res, await invoiceOf(db, shop(), params.id, reader));
    }),
  );
}

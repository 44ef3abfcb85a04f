import type { RequestHandler, Response, Router } from 'express';
import { endpoint, type NextInvoiceNumber, type Order } from '@edicola/contracts';
import {
  auditBy,
  authOf,
  type Database,
  type EventBus,
  type TokenVerifier,
  routeServer,
} from '@edicola/platform';
import { fatturaPaFileName, fatturaPaXml } from '../invoices/fatturapa';
import { creditNoteOf, depositInvoiceOf, invoiceOf, type Reader } from '../invoices/files';
import { parseInvoiceDataUpdate, saveInvoiceData } from '../invoices/invoice-data';
import { issueInvoice, nextInvoiceNumber } from '../invoices/issue';
import { fiscalDocumentPdf } from '../invoices/pdf';
import { requireShopFiscal, type ShopFiscalState } from '../invoices/shop-fiscal';
import type { FiscalDocument } from '../invoices/document';
import type { CancelTokens } from '../orders/cancel-token';

export interface InvoiceRouteOptions {
  database: Database;
  bus: EventBus;
  verifier: TokenVerifier;
  shopFiscal: ShopFiscalState;
  cancelTokens: CancelTokens;
  /** The per-address limit of the calls that check an order's token (orders/limits.ts). */
  orderLinkLimit: RequestHandler;
}

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
 * an order's invoice and download it as PDF or FatturaPA XML, with the credit notes refunds produced; a customer downloads the PDF of their own order's invoice, the order page's link its invoice and credit notes. While the shop's fiscal
 * data are not configured (outside the all-in-one demo) every route but the next number answers 503.
 */
export function invoiceRoutes(router: Router, options: InvoiceRouteOptions) {
  const serve = routeServer(router, options.verifier);
  const db = options.database.db;
  const shop = () => requireShopFiscal(options.shopFiscal);
  const staff: Reader = { kind: 'staff' };

  serve(endpoint('PUT /orders/:id/invoice'), ({ params, body }, _req, res): Promise<Order> => {
    shop();
    const user = authOf(res);
    return issueInvoice(
      options.database,
      options.bus,
      { orderId: params.id, request: body, staff: { id: user.sub, username: user.name } },
      auditBy(options.bus, res),
    );
  });

  serve(endpoint('PUT /api/orders/:id/invoice-data'), ({ params }, req, res): Promise<Order> => {
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
  });

  serve(endpoint('GET /api/invoices/next-number'), ({ query }): Promise<NextInvoiceNumber> =>
    nextInvoiceNumber(db, query.year),
  );

  serve(endpoint('GET /api/orders/:id/invoice.pdf'), async ({ params }, _req, res) => {
    await sendPdf(res, await invoiceOf(db, shop(), params.id, staff));
  });

  serve(endpoint('GET /api/orders/:id/invoice.xml'), async ({ params }, _req, res) => {
    sendXml(res, await invoiceOf(db, shop(), params.id, staff));
  });

  // A pre-order's deposit invoice (TD02, docs/decisions/0066-presale-deposits.md).
  serve(endpoint('GET /api/orders/:id/deposit-invoice.xml'), async ({ params }, _req, res) => {
    sendXml(res, await depositInvoiceOf(db, shop(), params.id, staff));
  });

  serve(endpoint('GET /api/orders/:id/credit-notes/:number.pdf'), async ({ params }, _req, res) => {
    await sendPdf(res, await creditNoteOf(db, shop(), params.id, params.number, staff));
  });

  serve(endpoint('GET /api/orders/:id/credit-notes/:number.xml'), async ({ params }, _req, res) => {
    sendXml(res, await creditNoteOf(db, shop(), params.id, params.number, staff));
  });

  serve(endpoint('GET /api/customers/orders/:id/invoice.pdf'), async ({ params }, _req, res) => {
    const reader: Reader = { kind: 'customer', customerId: authOf(res).sub };
    await sendPdf(res, await invoiceOf(db, shop(), params.id, reader));
  });

  // The order page's documents, with the order's token (docs/product/account.md#order-page).
  const link = (token: string): Reader => ({ kind: 'link', token, tokens: options.cancelTokens });
  serve(
    endpoint('GET /orders/:id/invoice.pdf'),
    [options.orderLinkLimit],
    async ({ params, query }, _req, res) => {
      await sendPdf(res, await invoiceOf(db, shop(), params.id, link(query.t)));
    },
  );

  serve(
    endpoint('GET /orders/:id/credit-notes/:number.pdf'),
    [options.orderLinkLimit],
    async ({ params, query }, _req, res) => {
      await sendPdf(res, await creditNoteOf(db, shop(), params.id, params.number, link(query.t)));
    },
  );
}

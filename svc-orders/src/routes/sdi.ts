import type { Router } from 'express';
import {
  endpoint,
  type SdiDocument,
  type SdiRejection,
  type SdiSendResult,
  type SdiStatus,
} from '@edicola/contracts';
import { HttpError, notFound, type Db, type TokenVerifier, routeServer } from '@edicola/platform';
import { queueSending, sdiDocumentsOf, sdiRejections } from '../sdi/documents';
import { SDI_OFF_DETAIL, type SdiChannel } from '../sdi/setup';

export const SDI_DEMO_ONLY = 'Disponibile solo con il SdI dimostrativo (SDI_MODE=demo)';

/**
 * Invoices to the SdI (docs/product/orders-and-payments.md#sdi): each order's documents with their state and
 * history, sending in a batch (or again after a correction), the rejections the home screen shows, and in demo
 * mode the fake SdI's next answer.
 */
export function sdiRoutes(
  router: Router,
  options: {
    db: Db;
    verifier: TokenVerifier;
    channel: SdiChannel;
    autoSend: boolean;
    /** Starts the sender now rather than at its next round. */
    sendNow(): void;
  },
) {
  const serve = routeServer(router, options.verifier);
  const { db, channel } = options;

  serve(endpoint('GET /api/admin/sdi/status'), (): SdiStatus => ({
    mode: channel.mode,
    auto_send: options.autoSend,
  }));

  serve(endpoint('GET /api/orders/:id/sdi'), ({ params }): Promise<SdiDocument[]> =>
    sdiDocumentsOf(db, params.id),
  );

  serve(endpoint('POST /api/admin/sdi/send'), async ({ body }): Promise<SdiSendResult> => {
    if (channel.mode === 'off') throw new HttpError(503, SDI_OFF_DETAIL);
    const result = await queueSending(db, body.document_ids);
    options.sendNow();
    return result;
  });

  serve(endpoint('GET /api/admin/sdi/rejections'), (): Promise<SdiRejection[]> => sdiRejections(db));

  serve(endpoint('POST /api/admin/sdi/demo/next-receipt'), ({ body }, _req, res) => {
    if (!channel.fake) throw notFound(SDI_DEMO_ONLY);
    channel.fake.scriptNext(body);
    res.status(204).end();
  });
}

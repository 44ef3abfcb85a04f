import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { presaleNoticeMail } from '../templates/presale-mails';

/** A pre-order's buyer is told of its delivery, balance or date, once per notice (docs/decisions/0066). */
export function onOrderPresaleNotice(ctx: NotifyContext): EventHandler<'order.presale_notice'> {
  return async (event, tx) => {
    const notice = event.data;
    await ctx.mailer.send(tx, {
      kind: `presale_${notice.kind}`,
      about: notice.notice_id,
      orderId: notice.order_id,
      language: notice.language,
      mail: await presaleNoticeMail(notice, ctx.shop),
    });
  };
}

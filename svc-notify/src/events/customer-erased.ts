import type { EventHandler, Logger } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { eraseCustomerData, removeMailFiles } from '../erasure/customer-data';

/** svc-notify's answer to 'customer.erased' (erasure/customer-data.ts); the files go after the commit. */
export function onCustomerErased(ctx: NotifyContext, logger: Logger): EventHandler<'customer.erased'> {
  return async (event, tx, { afterCommit }) => {
    await eraseCustomerData(tx, event.data);
    const folder = ctx.mailFolder;
    if (folder) {
      afterCommit(async () => {
        const removed = await removeMailFiles(folder, event.data.email);
        logger.info(
          { customer_id: event.data.customer_id, removed },
          'e-mail files of an erased customer removed',
        );
      });
    }
  };
}

import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { reviewReplyMail } from '../templates/customer-mails';

/** Staff answered a review: its author gets the answer, in the review's language. */
export function onReviewReplied(ctx: NotifyContext): EventHandler<'review.replied'> {
  return async (event, tx) => {
    const reply = event.data;
    await ctx.mailer.send(tx, {
      kind: 'review_reply',
      // A new reply to the same review is a new e-mail; a repeated event is not.
      about: `${reply.review_id}:${reply.replied_at}`,
      language: reply.language,
      mail: await reviewReplyMail(
        {
          customerName: reply.customer_name,
          customerEmail: reply.customer_email,
          articleTitle: reply.article_title,
          replyText: reply.reply_text,
          language: reply.language,
        },
        ctx.shop,
      ),
    });
  };
}

import { PASSWORD_RESET_PATH, type Language } from '@edicola/contracts';
import type { EventHandler } from '@edicola/platform';
import type { NotifyContext } from '../context';
import { passwordResetMail } from '../templates/customer-mails';

/**
 * The reset page in the request's language: its prefix (`/en/reimposta-password`) sets the storefront's language,
 * which then drops it (docs/product/article-pages.md#addresses); Italian has none.
 */
function resetLink(webUrl: string, language: Language, token: string): string {
  const path = language === 'it' ? PASSWORD_RESET_PATH : `/${language}${PASSWORD_RESET_PATH}`;
  const url = new URL(path, webUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** A password reset was asked for a known account: its owner gets the link (docs/product/account.md#password-reset). */
export function onAccountPasswordResetRequested(
  ctx: NotifyContext,
): EventHandler<'account.password_reset_requested'> {
  return async (event, tx) => {
    const reset = event.data;
    await ctx.mailer.send(tx, {
      kind: 'password_reset',
      about: reset.reset_id,
      language: reset.language,
      // Anyone may ask for it: counted against the recipient's daily cap.
      outsider: true,
      mail: await passwordResetMail(
        {
          email: reset.email,
          name: reset.name,
          language: reset.language,
          resetUrl: resetLink(ctx.shop.webUrl, reset.language, reset.token),
          expiresAt: reset.expires_at,
        },
        ctx.shop,
      ),
    });
  };
}

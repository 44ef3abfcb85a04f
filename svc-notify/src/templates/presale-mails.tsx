import { Text } from '@react-email/components';
import { orderPagePath, type EventData } from '@edicola/contracts';
import type { Mail } from '../mail/transport';
import { day, moment, money } from './format';
import { Layout, paragraph, type ShopDetails } from './Layout';
import { Greeting, ShopButton, SignOff } from './customer-mails';
import { STRINGS } from './locales';
import { renderMail } from './render';

/**
 * The e-mails of a pre-order with a deposit (docs/decisions/0066-presale-deposits.md), in its buyer's language: its
 * unit arrived (pay the balance by a date), a delivery came short of it (wait or take the deposit back), the release
 * date moved, the balance came too late. Each links to the order's page, where the buyer pays or chooses.
 */
export function presaleNoticeMail(
  notice: EventData<'order.presale_notice'>,
  shop: ShopDetails,
): Promise<Mail> {
  const language = notice.language;
  const t = STRINGS[language].presale;
  const article = notice.article_title;
  const link = new URL(orderPagePath(notice.order_id, notice.order_token), shop.webUrl).toString();
  const amounts = (
    <>
      <Text style={paragraph}>
        {t.depositPaid(money(notice.deposit_cents, language))}
        <br />
        {t.balance(money(notice.balance_cents, language))}
      </Text>
    </>
  );
  const parts = {
    balance_requested: {
      subject: t.balanceSubject(article),
      title: t.balanceTitle,
      body: (
        <>
          <Text style={paragraph}>{t.balanceIntro(article)}</Text>
          {amounts}
          {notice.due_at ? <Text style={paragraph}>{t.dueBy(moment(notice.due_at, language))}</Text> : null}
          <ShopButton href={link} label={t.payButton} />
        </>
      ),
    },
    short_delivery: {
      subject: t.shortSubject(article),
      title: t.shortTitle,
      body: (
        <>
          <Text style={paragraph}>{t.shortIntro(article)}</Text>
          <Text style={paragraph}>{t.shortChoice}</Text>
          <ShopButton href={link} label={t.chooseButton} />
        </>
      ),
    },
    release_date_changed: {
      subject: t.dateSubject(article),
      title: t.dateTitle,
      body: (
        <>
          <Text style={paragraph}>
            {notice.availability_date
              ? t.dateIntro(article, day(`${notice.availability_date}T12:00:00Z`, language))
              : t.dateUnknown(article)}
          </Text>
          <ShopButton href={link} label={STRINGS[language].common.viewOrder} />
        </>
      ),
    },
    lapsed: {
      subject: t.lapsedSubject(article),
      title: t.lapsedTitle,
      body: (
        <>
          <Text style={paragraph}>{t.lapsedIntro(article)}</Text>
          <Text style={paragraph}>
            {notice.deposit_refunded
              ? t.lapsedRefunded(money(notice.deposit_cents, language))
              : t.lapsedKept(money(notice.deposit_cents, language))}
          </Text>
          <ShopButton href={link} label={STRINGS[language].common.viewOrder} />
        </>
      ),
    },
  }[notice.kind];
  return renderMail(
    notice.customer_email,
    `${parts.subject} - ${shop.name}`,
    <Layout shop={shop} language={language} title={parts.title}>
      <Greeting name={notice.customer_name || null} language={language} />
      {parts.body}
      <SignOff shop={shop} language={language} />
    </Layout>,
    { replyTo: shop.email },
  );
}

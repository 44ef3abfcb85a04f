import { Button, Link, Section, Text } from '@react-email/components';
import { orderPagePath, type Language, type PaymentFailureReason } from '@edicola/contracts';
import type { Mail } from '../mail/transport';
import { day, moment, money } from './format';
import { button, Layout, paragraph, TypedText, type ShopDetails } from './Layout';
import { STRINGS } from './locales';
import { OrderSummary, TransferDetails, type OrderFacts } from './OrderSummary';
import { renderMail } from './render';

/** The e-mails to customers, one function each, in the customer's language. */

export function Greeting({ name, language }: { name: string | null; language: Language }) {
  const t = STRINGS[language].common;
  return <Text style={paragraph}>{name ? t.greeting(name) : t.greetingNoName}</Text>;
}

export function SignOff({ shop, language }: { shop: ShopDetails; language: Language }) {
  const t = STRINGS[language].common;
  return (
    <>
      <Text style={paragraph}>{t.questions(shop.phone)}</Text>
      <Text style={paragraph}>
        {t.signoff}
        <br />
        {shop.name}
      </Text>
    </>
  );
}

export function ShopButton({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '16px 0' }}>
      <Button href={href} style={button}>
        {label}
      </Button>
    </Section>
  );
}

const shopLink = (shop: ShopDetails, path: string) => new URL(path, shop.webUrl).toString();

/**
 * 'Vedi il tuo ordine': the order's page with its token (docs/product/account.md#order-page), in every e-mail about
 * an order; none for an order whose event carried no token (a marketplace order, or one from before the link).
 */
function OrderPageLink({
  order,
  shop,
  language,
}: {
  order: OrderFacts;
  shop: ShopDetails;
  language: Language;
}) {
  if (!order.order_token) return null;
  return (
    <ShopButton
      href={shopLink(shop, orderPagePath(order.order_id, order.order_token, language))}
      label={STRINGS[language].common.viewOrder}
    />
  );
}
const lang = (order: OrderFacts): Language => order.language;
const replyTo = (shop: ShopDetails) => ({ replyTo: shop.email });

/** A bank-transfer order was placed: the summary, and where, how much and by when to pay. */
export function orderReceivedMail(order: OrderFacts, shop: ShopDetails, dueAt: Date): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].orderReceived;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro(shop.name)}</Text>
      <OrderSummary order={order} language={language} />
      <TransferDetails order={order} language={language} dueAt={dueAt} />
      <Text style={paragraph}>{t.afterTransfer}</Text>
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

/**
 * The money arrived and the order is confirmed: an online payment of `amountCents`, or (null) a bank transfer staff
 * recorded, whose amount the mail does not state (what arrived may differ from the total).
 */
export function paymentReceivedMail(
  order: OrderFacts,
  shop: ShopDetails,
  amountCents: number | null,
): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].paymentReceived;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>
        {amountCents === null ? t.transferIntro : t.intro(money(amountCents, language))}
      </Text>
      <OrderSummary order={order} language={language} />
      <Text style={paragraph}>{t.next}</Text>
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

/** Two days before a transfer's due date, when it has not arrived. */
export function transferReminderMail(order: OrderFacts, shop: ShopDetails, dueAt: Date): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].transferReminder;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro(day(dueAt, language))}</Text>
      <TransferDetails order={order} language={language} dueAt={dueAt} />
      <Text style={paragraph}>{t.ignore}</Text>
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

/** The transfer did not arrive by its due date: the order was cancelled. */
export function transferExpiredMail(order: OrderFacts, shop: ShopDetails, dueAt: Date): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].transferExpired;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro(day(dueAt, language))}</Text>
      <Text style={paragraph}>{t.again}</Text>
      <ShopButton href={shopLink(shop, '/prodotti')} label={STRINGS[language].common.backToShop} />
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

/** An online payment was declined or ran out of time; nothing was charged. */
export function paymentFailedMail(
  order: OrderFacts,
  shop: ShopDetails,
  reason: PaymentFailureReason,
): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].paymentFailed;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{reason === 'declined' ? t.declined : t.expired}</Text>
      <Text style={paragraph}>{t.again}</Text>
      <ShopButton href={shopLink(shop, '/prodotti')} label={STRINGS[language].common.backToShop} />
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

export interface Shipment {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** The parcel left: carrier, tracking number and link. */
export function shippedMail(order: OrderFacts, shop: ShopDetails, shipment: Shipment): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].shipped;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro}</Text>
      <Text style={paragraph}>
        {shipment.carrier ? (
          <>
            {t.carrier}: {shipment.carrier}
            <br />
          </>
        ) : null}
        {shipment.trackingNumber ? (
          <>
            {t.trackingNumber}: {shipment.trackingNumber}
          </>
        ) : null}
      </Text>
      {shipment.trackingUrl ? <ShopButton href={shipment.trackingUrl} label={t.track} /> : null}
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

export function deliveredMail(order: OrderFacts, shop: ShopDetails): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].delivered;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro}</Text>
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

export function cancelledMail(order: OrderFacts, shop: ShopDetails, refundFollows: boolean): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].cancelled;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro}</Text>
      {refundFollows ? <Text style={paragraph}>{t.refundFollows}</Text> : null}
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

export interface Refund {
  amountCents: number;
  /** All refunded for the order so far, this refund included. */
  refundedTotalCents: number;
  partial: boolean;
}

export function refundedMail(order: OrderFacts, shop: ShopDetails, refund: Refund): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].refunded;
  return renderMail(
    order.customer_email,
    `${t.subject(order.order_reference)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro(money(refund.amountCents, language))}</Text>
      {refund.partial ? (
        <Text style={paragraph}>
          {t.partial(money(refund.refundedTotalCents, language), money(order.total_cents, language))}
        </Text>
      ) : null}
      <Text style={paragraph}>{t.timing}</Text>
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

/** The /review page (docs/product/storefront.md#review-page), with the article preselected. */
export function reviewLink(shop: ShopDetails, order: OrderFacts, articleId: string): string {
  const url = new URL('/review', shop.webUrl);
  url.searchParams.set('article_id', articleId);
  url.searchParams.set('order_id', order.order_id);
  url.searchParams.set('email', order.customer_email);
  return url.toString();
}

/** After delivery: one link per article to write its review. */
export function reviewRequestMail(order: OrderFacts, shop: ShopDetails): Promise<Mail> {
  const language = lang(order);
  const t = STRINGS[language].reviewRequest;
  return renderMail(
    order.customer_email,
    t.subject(shop.name),
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={order.customer_name} language={language} />
      <Text style={paragraph}>{t.intro}</Text>
      {order.items.map((item) => (
        <Text key={item.article_id} style={paragraph}>
          <Link href={reviewLink(shop, order, item.article_id)}>{t.write(item.title)}</Link>
        </Text>
      ))}
      <OrderPageLink order={order} shop={shop} language={language} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

function Unsubscribe({ language, url, token }: { language: Language; url: string; token: string }) {
  const t = STRINGS[language].newsletter;
  return (
    <Text style={{ fontSize: '12px', lineHeight: '18px', color: '#666', margin: '4px 0' }}>
      <Link href={url}>{t.unsubscribe}</Link> · {t.token}: {token}
    </Text>
  );
}

export interface NewsletterConfirmation {
  email: string;
  name: string | null;
  language: Language;
  confirmUrl: string;
  unsubscribeUrl: string;
  token: string;
}

/** Double opt-in: the subscription counts once the link is followed. Carries the unsubscribe link and token. */
export function newsletterConfirmMail(c: NewsletterConfirmation, shop: ShopDetails): Promise<Mail> {
  const t = STRINGS[c.language].newsletterConfirm;
  return renderMail(
    c.email,
    t.subject(shop.name),
    <Layout
      shop={shop}
      language={c.language}
      title={t.title}
      footer={<Unsubscribe language={c.language} url={c.unsubscribeUrl} token={c.token} />}
    >
      <Greeting name={c.name} language={c.language} />
      <Text style={paragraph}>{t.intro(shop.name)}</Text>
      <ShopButton href={c.confirmUrl} label={t.confirm} />
      <Text style={paragraph}>{t.ignore}</Text>
    </Layout>,
    { headers: { 'List-Unsubscribe': `<${c.unsubscribeUrl}>` } },
  );
}

export interface ContactCopy {
  name: string;
  email: string;
  messaggio: string;
  language: Language;
}

/** The copy of a contact-form message to its sender. */
export function contactCopyMail(message: ContactCopy, shop: ShopDetails): Promise<Mail> {
  const language = message.language;
  const t = STRINGS[language].contactCopy;
  return renderMail(
    message.email,
    t.subject(shop.name),
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={message.name} language={language} />
      <Text style={paragraph}>{t.intro}</Text>
      <Text style={{ ...paragraph, fontWeight: 'bold' }}>{t.yourMessage}</Text>
      <TypedText text={message.messaggio} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

export interface ReviewReply {
  customerName: string;
  customerEmail: string;
  articleTitle: string;
  replyText: string;
  language: Language;
}

/** Staff answered a review: the answer, to its author. */
export function reviewReplyMail(reply: ReviewReply, shop: ShopDetails): Promise<Mail> {
  const language = reply.language;
  const t = STRINGS[language].reviewReply;
  return renderMail(
    reply.customerEmail,
    `${t.subject(reply.articleTitle)} - ${shop.name}`,
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={reply.customerName} language={language} />
      <Text style={paragraph}>{t.intro(reply.articleTitle)}</Text>
      <Text style={{ ...paragraph, fontWeight: 'bold' }}>{t.reply}</Text>
      <TypedText text={reply.replyText} />
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

export interface PasswordResetLink {
  email: string;
  name: string | null;
  language: Language;
  resetUrl: string;
  expiresAt: string;
}

/** The link to choose a new password: valid one hour, once (docs/product/account.md#password-reset). */
export function passwordResetMail(link: PasswordResetLink, shop: ShopDetails): Promise<Mail> {
  const language = link.language;
  const t = STRINGS[language].passwordReset;
  return renderMail(
    link.email,
    t.subject(shop.name),
    <Layout shop={shop} language={language} title={t.title}>
      <Greeting name={link.name} language={language} />
      <Text style={paragraph}>{t.intro(shop.name)}</Text>
      <ShopButton href={link.resetUrl} label={t.button} />
      <Text style={paragraph}>{t.validity(moment(link.expiresAt, language))}</Text>
      <Text style={paragraph}>{t.ignore}</Text>
      <SignOff shop={shop} language={language} />
    </Layout>,
    replyTo(shop),
  );
}

/** The footer of every back-in-stock e-mail: ends the alert in one click. */
function EndAlert({ language, url }: { language: Language; url: string }) {
  return (
    <Text style={{ fontSize: '12px', lineHeight: '18px', color: '#666', margin: '4px 0' }}>
      <Link href={url}>{STRINGS[language].stockAlertConfirm.unsubscribe}</Link>
    </Text>
  );
}

export interface StockAlertConfirmation {
  email: string;
  language: Language;
  articleTitle: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  /** Hours the link works. */
  hours: number;
}

/** Double opt-in of a back-in-stock alert (docs/product/stock-alerts.md): the alert counts once the link is followed. */
export function stockAlertConfirmMail(c: StockAlertConfirmation, shop: ShopDetails): Promise<Mail> {
  const t = STRINGS[c.language].stockAlertConfirm;
  return renderMail(
    c.email,
    `${t.subject(c.articleTitle)} - ${shop.name}`,
    <Layout
      shop={shop}
      language={c.language}
      title={t.title}
      footer={<EndAlert language={c.language} url={c.unsubscribeUrl} />}
    >
      <Greeting name={null} language={c.language} />
      <Text style={paragraph}>{t.intro(c.articleTitle, c.hours)}</Text>
      <ShopButton href={c.confirmUrl} label={t.confirm} />
      <Text style={paragraph}>{t.ignore}</Text>
    </Layout>,
    { headers: { 'List-Unsubscribe': `<${c.unsubscribeUrl}>` } },
  );
}

export interface BackInStock {
  email: string;
  language: Language;
  articleTitle: string;
  articleUrl: string;
  unsubscribeUrl: string;
}

/** The one e-mail of a confirmed alert when units come back (docs/product/stock-alerts.md#batch). */
export function backInStockMail(c: BackInStock, shop: ShopDetails): Promise<Mail> {
  const t = STRINGS[c.language].backInStock;
  return renderMail(
    c.email,
    `${t.subject(c.articleTitle)} - ${shop.name}`,
    <Layout
      shop={shop}
      language={c.language}
      title={t.title}
      footer={<EndAlert language={c.language} url={c.unsubscribeUrl} />}
    >
      <Greeting name={null} language={c.language} />
      <Text style={paragraph}>{t.intro(c.articleTitle)}</Text>
      <ShopButton href={c.articleUrl} label={t.view} />
      <Text style={paragraph}>{t.once}</Text>
    </Layout>,
    { headers: { 'List-Unsubscribe': `<${c.unsubscribeUrl}>` } },
  );
}

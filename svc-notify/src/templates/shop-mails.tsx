import { Fragment } from 'react';
import { Link, Text } from '@react-email/components';
import type { EventData } from '@edicola/contracts';
import type { Mail } from '../mail/transport';
import { country, money } from './format';
import { Layout, paragraph, TypedText, type ShopDetails } from './Layout';
import { OrderSummary, type OrderFacts } from './OrderSummary';
import { renderMail } from './render';

/** The e-mails to the shop's own mailbox (SHOP_EMAIL), in Italian: the shop's language. */

/** The order's page in the back office (mf-admin's /gestione/ordini/:id). */
export const backOfficeOrder = (shop: ShopDetails, orderId: string) =>
  new URL(`/gestione/ordini/${encodeURIComponent(orderId)}`, shop.webUrl).toString();

/** The back office's article list, searched by SKU. */
const backOfficeArticle = (shop: ShopDetails, sku: string) => {
  const url = new URL('/gestione/articoli', shop.webUrl);
  url.searchParams.set('q', sku);
  return url.toString();
};

/** Where the parcel goes; an order announced before its event carried the address says where to find it. */
function ShipTo({ order }: { order: OrderFacts }) {
  const to = order.shipping_address;
  return (
    <Text style={paragraph}>
      <strong>Spedire a:</strong>
      <br />
      {to ? (
        <>
          {to.name}
          <br />
          {to.address}
          <br />
          {[to.zip_code, to.city].filter(Boolean).join(' ')}
          <br />
          {country(to.country, 'it')}
        </>
      ) : (
        <>{country(order.shipping_country, 'it')} (indirizzo completo nella pagina dell&apos;ordine)</>
      )}
    </Text>
  );
}

/** The lines to pack: quantity, title and SKU. */
function ToPack({ order }: { order: OrderFacts }) {
  return (
    <Text style={paragraph}>
      <strong>Da preparare:</strong>
      {order.items.map((item) => (
        <Fragment key={item.article_id}>
          <br />
          {item.quantity} × {item.title}
          {item.sku.trim() ? ` - SKU ${item.sku}` : ''}
        </Fragment>
      ))}
    </Text>
  );
}

/** A new order to prepare: paid online, or a bank transfer waiting for its money. */
export function newOrderToShop(order: OrderFacts, shop: ShopDetails, paid: boolean): Promise<Mail> {
  const state = paid ? 'pagato' : 'in attesa del bonifico';
  return renderMail(
    shop.email,
    `Nuovo ordine ${order.order_reference} (${state}) - ${money(order.total_cents, 'it')}`,
    <Layout shop={shop} language="it" title={`Nuovo ordine ${order.order_reference}`}>
      <Text style={paragraph}>
        Cliente: {order.customer_name} &lt;{order.customer_email}&gt;
        <br />
        Stato del pagamento: {state}
      </Text>
      <ShipTo order={order} />
      <ToPack order={order} />
      <OrderSummary order={order} language="it" />
      <Text style={paragraph}>
        <Link href={backOfficeOrder(shop, order.order_id)}>Apri l&apos;ordine nel back office</Link>
      </Text>
    </Layout>,
    { replyTo: order.customer_email },
  );
}

/** The eBay buyer: name, eBay user and the address eBay relays (when eBay gave one). */
function EbayBuyer({ order }: { order: OrderFacts }) {
  return (
    <Text style={paragraph}>
      Ordine eBay: {order.external_id}
      <br />
      Acquirente: {order.customer_name}
      {order.customer_email ? ` <${order.customer_email}>` : ''}
      <br />
      Pagato su eBay: l&apos;acquirente riceve le notizie dell&apos;ordine da eBay.
    </Text>
  );
}

/**
 * An eBay buyer's order (channel `ebay`): to prepare and ship from Ordini like a web order. When it found no stock
 * (`stock_conflict`: the last unit sold twice) the e-mail says so first and what to do.
 */
export function newEbayOrderToShop(order: OrderFacts, shop: ShopDetails): Promise<Mail> {
  const conflict = order.stock_conflict === true;
  const subject = conflict
    ? `Attenzione: ultimo pezzo venduto due volte (ordine eBay ${order.order_reference})`
    : `Nuovo ordine eBay ${order.order_reference} - ${money(order.total_cents, 'it')}`;
  return renderMail(
    shop.email,
    subject,
    <Layout
      shop={shop}
      language="it"
      title={conflict ? 'Ultimo pezzo venduto due volte' : `Nuovo ordine eBay ${order.order_reference}`}
    >
      {conflict ? (
        <Text style={paragraph}>
          <strong>
            L&apos;ordine eBay {order.order_reference} è arrivato quando il pezzo era già stato venduto: non è
            stato preso nessun pezzo dal magazzino.
          </strong>{' '}
          Cosa fare: in Ordini, in alto, trovi l&apos;ordine eBay e l&apos;altro ordine che tiene il pezzo.
          Scegli quale dei due annullare e rimborsa quell&apos;acquirente (un ordine eBay si rimborsa su
          eBay). Se annulli l&apos;altro ordine, premi «Riprova» sull&apos;ordine eBay per prendere il pezzo
          liberato.
        </Text>
      ) : null}
      <EbayBuyer order={order} />
      <ShipTo order={order} />
      <ToPack order={order} />
      <OrderSummary order={order} language="it" />
      <Text style={paragraph}>
        <Link href={backOfficeOrder(shop, order.order_id)}>Apri l&apos;ordine nel back office</Link>
      </Text>
    </Layout>,
  );
}

/** A refund the provider refused: someone must look at it. */
export function refundFailedToShop(
  failure: {
    orderId: string;
    orderReference: string | null;
    paymentId: string;
    amountCents: number;
    error: string;
  },
  shop: ShopDetails,
): Promise<Mail> {
  const reference = failure.orderReference ?? failure.orderId;
  return renderMail(
    shop.email,
    `Rimborso non riuscito per l'ordine ${reference}`,
    <Layout shop={shop} language="it" title="Rimborso non riuscito">
      <Text style={paragraph}>
        Il rimborso di {money(failure.amountCents, 'it')} per l&apos;ordine {reference} (pagamento{' '}
        {failure.paymentId}) non è riuscito. Il sistema riprova da solo; controlla presso il fornitore di
        pagamento.
      </Text>
      <Text style={paragraph}>Errore: {failure.error}</Text>
      <Text style={paragraph}>
        <Link href={backOfficeOrder(shop, failure.orderId)}>Apri l&apos;ordine nel back office</Link>
      </Text>
    </Layout>,
  );
}

/** An article reached its low-stock threshold. */
export function lowStockToShop(article: EventData<'article.stock_low'>, shop: ShopDetails): Promise<Mail> {
  return renderMail(
    shop.email,
    `Scorta bassa: ${article.title} (${article.sku}), disponibili ${article.quantity_stock}`,
    <Layout shop={shop} language="it" title="Scorta bassa">
      <Text style={paragraph}>
        L&apos;articolo «{article.title}» (SKU {article.sku}) ha {article.quantity_stock} pezzi disponibili:
        la soglia di avviso è {article.threshold}.
      </Text>
      <Text style={paragraph}>
        <Link href={backOfficeArticle(shop, article.sku)}>Apri l&apos;articolo nel back office</Link>
      </Text>
    </Layout>,
  );
}

export interface ContactMessage {
  name: string;
  email: string;
  telefono?: string | null;
  messaggio: string;
}

/** The visitor's message from /contatto; answering it replies to the visitor. */
export function contactToShop(message: ContactMessage, shop: ShopDetails): Promise<Mail> {
  return renderMail(
    shop.email,
    `Messaggio dal sito da ${message.name}`,
    <Layout shop={shop} language="it" title="Nuovo messaggio dal modulo contatti del sito">
      <Text style={paragraph}>
        Nome: {message.name}
        <br />
        Email: {message.email}
        <br />
        Telefono: {message.telefono || '-'}
      </Text>
      <Text style={{ ...paragraph, fontWeight: 'bold' }}>Messaggio:</Text>
      <TypedText text={message.messaggio} />
    </Layout>,
    { replyTo: message.email },
  );
}

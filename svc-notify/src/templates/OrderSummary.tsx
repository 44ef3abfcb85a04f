import { Column, Row, Section, Text } from '@react-email/components';
import type { EventData, Language } from '@edicola/contracts';
import { STRINGS } from './locales';
import { country, money, moment } from './format';
import { paragraph } from './Layout';

/** What svc-notify knows of an order: the data of its order.created event. */
export type OrderFacts = EventData<'order.created'>;

const cell = { fontSize: '14px', lineHeight: '20px', padding: '4px 0' };
const right = { ...cell, textAlign: 'right' as const };

/** The order's reference and date, its lines and totals and the payment method. */
export function OrderSummary({ order, language }: { order: OrderFacts; language: Language }) {
  const t = STRINGS[language].common;
  const shipping = order.shipping_cents === 0 ? t.shippingFree : money(order.shipping_cents, language);
  return (
    <Section>
      <Text style={paragraph}>
        {t.order}: <strong>{order.order_reference}</strong>
        <br />
        {t.date}: {moment(order.created_at, language)}
        <br />
        {t.payment}: {t.methods[order.payment_method]}
      </Text>
      {order.items.map((item) => (
        <Row key={item.article_id}>
          <Column style={cell}>
            {item.quantity} × {item.title} ({item.sku})
          </Column>
          <Column style={right}>{money(item.line_total_cents, language)}</Column>
        </Row>
      ))}
      <Row>
        <Column style={cell}>{t.subtotal}</Column>
        <Column style={right}>{money(order.subtotal_cents, language)}</Column>
      </Row>
      <Row>
        <Column style={cell}>
          {t.shipping} ({country(order.shipping_country, language)})
        </Column>
        <Column style={right}>{shipping}</Column>
      </Row>
      {order.discount_code && order.discount_cents ? (
        <Row>
          <Column style={cell}>{t.discount(order.discount_code)}</Column>
          <Column style={right}>−{money(order.discount_cents, language)}</Column>
        </Row>
      ) : null}
      <Row>
        <Column style={{ ...cell, fontWeight: 'bold' }}>{t.total}</Column>
        <Column style={{ ...right, fontWeight: 'bold' }}>{money(order.total_cents, language)}</Column>
      </Row>
    </Section>
  );
}

/** Where and with which reason to pay a bank transfer, and by when. */
export function TransferDetails({
  order,
  language,
  dueAt,
}: {
  order: OrderFacts;
  language: Language;
  dueAt: Date;
}) {
  const t = STRINGS[language].orderReceived;
  const transfer = order.bank_transfer;
  if (!transfer) return null;
  return (
    <Section style={{ backgroundColor: '#fdf6e3', padding: '12px 16px', margin: '12px 0' }}>
      <Text style={{ ...paragraph, fontWeight: 'bold' }}>{t.transferTitle}</Text>
      <Text style={paragraph}>{t.transferIntro(money(order.total_cents, language))}</Text>
      <Text style={paragraph}>
        {t.holder}: {transfer.holder}
        <br />
        {t.iban}: {transfer.iban}
        {transfer.bank_name ? (
          <>
            <br />
            {t.bank}: {transfer.bank_name}
          </>
        ) : null}
        <br />
        {t.reason}: {transfer.payment_reason}
        <br />
        {t.amount}: {money(order.total_cents, language)}
      </Text>
      <Text style={paragraph}>{t.dueBy(moment(dueAt, language))}</Text>
      {transfer.demo ? <Text style={{ ...paragraph, color: '#b3261e' }}>{t.demo}</Text> : null}
    </Section>
  );
}

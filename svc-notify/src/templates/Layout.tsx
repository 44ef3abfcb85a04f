import { Fragment, type ReactNode } from 'react';
import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { Language } from '@edicola/contracts';
import { STRINGS } from './locales';

/** The shop's details every e-mail's footer names. */
export interface ShopDetails {
  name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  country: string;
  /** The storefront's public address, for every link. */
  webUrl: string;
}

const page = { backgroundColor: '#f4f1ea', fontFamily: 'Helvetica, Arial, sans-serif', color: '#222' };
const box = { backgroundColor: '#ffffff', padding: '24px', maxWidth: '600px', margin: '0 auto' };
const small = { fontSize: '12px', lineHeight: '18px', color: '#666', margin: '4px 0' };

/** The frame of every e-mail: the shop's name, a title, the content, the shop's contacts and legal footer. */
export function Layout(props: {
  shop: ShopDetails;
  language: Language;
  title: string;
  children: ReactNode;
  /** A line under the legal footer (the newsletter's unsubscribe link). */
  footer?: ReactNode;
}) {
  const t = STRINGS[props.language].common;
  return (
    <Html lang={props.language}>
      <Head />
      <Preview>{props.title}</Preview>
      <Body style={page}>
        <Container style={box}>
          <Text style={{ fontSize: '20px', fontWeight: 'bold', color: '#b3261e', margin: '0 0 8px' }}>
            <Link href={props.shop.webUrl} style={{ color: '#b3261e', textDecoration: 'none' }}>
              {props.shop.name}
            </Link>
          </Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '8px 0 16px' }}>
            {props.title}
          </Heading>
          {props.children}
          <Hr />
          <Section>
            <Text style={small}>
              {props.shop.name} · {props.shop.street}, {props.shop.city}, {props.shop.country}
            </Text>
            <Text style={small}>
              {props.shop.phone} · <Link href={`mailto:${props.shop.email}`}>{props.shop.email}</Link> ·{' '}
              <Link href={props.shop.webUrl}>{props.shop.webUrl}</Link>
            </Text>
            <Text style={small}>{t.legal(props.shop.name)}</Text>
            {props.footer}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: '15px', lineHeight: '22px', margin: '10px 0' };
export const button = {
  backgroundColor: '#b3261e',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '4px',
  fontWeight: 'bold',
  textDecoration: 'none',
};

/** Text a person typed, its line breaks kept in the HTML and the plain text. */
export function TypedText({ text }: { text: string }) {
  return (
    <Text style={paragraph}>
      {text.split(/\r?\n/).map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

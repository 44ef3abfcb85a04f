import type { ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { Mail } from '../mail/transport';

/**
 * An e-mail's HTML and its plain-text version, both from one rendering of the template (the text is the HTML
 * converted, as `render(…, { plainText: true })` does, without rendering the template a second time).
 */
export async function renderMail(
  to: string,
  subject: string,
  element: ReactElement,
  extra: Pick<Mail, 'replyTo' | 'headers'> = {},
): Promise<Mail> {
  const html = await render(element);
  const text = toPlainText(html.replace(/^<!DOCTYPE[^>]*>/i, ''));
  return { to, subject, html, text, ...extra };
}

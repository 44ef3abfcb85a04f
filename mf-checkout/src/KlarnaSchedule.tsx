import { useTranslation } from 'react-i18next';
import { klarnaSchedule } from '@edicola/contracts';
import { PAYMENT_NAMESPACE } from './paymentI18n';
import { formatCents } from './pricing';

/** Each language's own long date, as it-IT writes "22 dicembre 2026" for Italian. */
const LOCALE_OF: Record<string, string> = {
  it: 'it-IT',
  en: 'en-GB',
  fr: 'fr-FR',
  es: 'es-ES',
  pt: 'pt-PT',
  de: 'de-DE',
  ru: 'ru-RU',
  nl: 'nl-NL',
};

export function formatDueDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language] ?? 'it-IT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

interface KlarnaScheduleProps {
  totalCents: number;
  /** The day the first instalment is paid (today). */
  today?: Date;
}

/** Klarna pay in 3 (SPEC §9): three equal instalments, today, after 30 and after 60 days, no interest. */
export function KlarnaSchedule({ totalCents, today = new Date() }: KlarnaScheduleProps) {
  const { t, i18n } = useTranslation(PAYMENT_NAMESPACE);
  const rows = klarnaSchedule(totalCents, today);
  return (
    <div className="cko-schedule" data-testid="klarna-schedule">
      <table>
        <caption>{t('schedule.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('schedule.instalmentHead')}</th>
            <th scope="col">{t('schedule.due')}</th>
            <th scope="col">{t('schedule.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} data-testid="klarna-instalment">
              <th scope="row">{t('schedule.instalment', { number: index + 1 })}</th>
              <td>
                {index === 0
                  ? t('schedule.today', { date: formatDueDate(row.due, i18n.language) })
                  : formatDueDate(row.due, i18n.language)}
              </td>
              <td>{formatCents(row.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cko-hint">{t('schedule.noInterest')}</p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { klarnaSchedule } from '@edicola/contracts';
import { PAYMENT_NAMESPACE } from '../paymentI18n';
import { formatCents, formatLongDate } from '@edicola/web-kit';

interface KlarnaScheduleProps {
  totalCents: number;
  /** The day the first instalment is paid (today). */
  today?: Date;
}

/**
 * Klarna pay in 3 (docs/product/constants.md#klarna-defaults): three equal instalments, today, after 30 and
 * after 60 days, no interest.
 */
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
                  ? t('schedule.today', { date: formatLongDate(row.due, i18n.language) })
                  : formatLongDate(row.due, i18n.language)}
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

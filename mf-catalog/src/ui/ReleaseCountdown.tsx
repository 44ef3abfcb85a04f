import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { romeLocalTime, timeLeft } from '@edicola/contracts';

/**
 * The time left until an article's release hour (docs/product/release-hour.md#countdown), ticking every second.
 * `now` is the clock at the first render: the server's when the storefront server renders the page, so the
 * first paint shows the server's figure; the browser then ticks on its own clock. The box keeps its size
 * (tabular figures in fixed cells), so the page never shifts as it ticks. The server decides: an order before the
 * hour is refused whatever this shows.
 */
export function ReleaseCountdown({
  saleStartsAt,
  now: firstNow,
  onReleased,
}: {
  saleStartsAt: string;
  now?: number;
  /** Called once the hour has come (the page enables its add-to-cart). */
  onReleased?: () => void;
}) {
  const { t } = useTranslation('catalog');
  const [now, setNow] = useState(() => firstNow ?? Date.now());
  const left = timeLeft(saleStartsAt, now);
  useEffect(() => {
    if (left.total === 0) {
      onReleased?.();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000 - (Date.now() % 1000));
    return () => clearTimeout(timer);
  }, [now, left.total, onReleased]);
  const [day, time] = romeLocalTime(new Date(saleStartsAt)).split('T') as [string, string];
  const [y, m, d] = day.split('-');
  const cells: [keyof typeof left, string][] = [
    ['days', t('release.days')],
    ['hours', t('release.hours')],
    ['minutes', t('release.minutes')],
    ['seconds', t('release.seconds')],
  ];
  return (
    <div className="cat-release" data-testid="release-countdown">
      <p className="cat-release-when">{t('release.opensAt', { date: `${d}/${m}/${y}`, time })}</p>
      <p className="cat-release-clock" role="timer" aria-live="off" aria-label={t('release.label')}>
        {cells.map(([unit, label]) => (
          <span key={unit} className="cat-release-cell">
            <span className="cat-release-figure" data-unit={unit}>
              {String(left[unit]).padStart(2, '0')}
            </span>
            <span className="cat-release-unit">{label}</span>
          </span>
        ))}
      </p>
    </div>
  );
}

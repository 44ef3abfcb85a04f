import type { RemoteProps } from '@edicola/contracts';
import { registerTranslations } from '../i18n';
import { UpcomingArticles } from '../ui/UpcomingArticles';

registerTranslations();

/** Home: articles open for reservation (exposed as mf_catalog/ReservationSection). */
export default function ReservationSection({ config }: RemoteProps) {
  return <UpcomingArticles config={config} kind="prenotazione" />;
}

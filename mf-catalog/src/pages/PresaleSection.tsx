import type { RemoteProps } from '@edicola/contracts';
import { registerTranslations } from '../i18n';
import { UpcomingArticles } from '../ui/UpcomingArticles';

registerTranslations();

/** Home: pre-sale articles with their availability dates (exposed as mf_catalog/PresaleSection). */
export default function PresaleSection({ config }: RemoteProps) {
  return <UpcomingArticles config={config} kind="prevendita" />;
}

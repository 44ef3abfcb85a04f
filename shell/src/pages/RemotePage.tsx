import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteName, RemoteProps, RuntimeConfig } from '@edicola/contracts';
import { RemoteSlot } from '../RemoteSlot';
import { usePageTitle } from '../usePageTitle';

interface RemotePageProps {
  name: RemoteName;
  component: ComponentType<RemoteProps>;
  config: RuntimeConfig;
  /** Key of the page title and description under `meta.` in the shell's translations. */
  page: 'catalogue' | 'review';
}

/** A route a remote renders; the shell still sets its translated title and meta description. */
export function RemotePage({ name, component, config, page }: RemotePageProps) {
  const { t } = useTranslation('shell');
  usePageTitle(t(`meta.${page}.title`), t(`meta.${page}.description`));
  // The page's space is reserved while the remote loads, so the footer does not jump (CLS).
  return (
    <div className="remote-page">
      <RemoteSlot name={name} component={component} config={config} />
    </div>
  );
}

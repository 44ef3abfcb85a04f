import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RemoteName, RemoteProps, RuntimeConfig } from '@edicola/contracts';
import { firstPaintOf, forgetFirstPaint } from '../firstPaint';
import { RemoteSlot } from '../ui/RemoteSlot';
import { usePageTitle } from '../ui/usePageTitle';

interface RemotePageProps {
  name: RemoteName;
  component: ComponentType<RemoteProps>;
  config: RuntimeConfig;
  /**
   * Key of the page title and description under `meta.` in the shell's translations; without one (the article
   * and search pages) the remote titles the page itself.
   */
  page?: 'catalogue' | 'review';
  /** The remote's own server render (server.tsx): shown while the remote loads, instead of a kept one. */
  picture?: string;
}

/** The translated title and meta description of a page a remote renders. */
function RemotePageTitle({ page }: { page: 'catalogue' | 'review' }) {
  const { t } = useTranslation('shell');
  usePageTitle(t(`meta.${page}.title`), t(`meta.${page}.description`));
  return null;
}

/** A route a remote renders; the shell still sets its translated title and meta description when it has them. */
export function RemotePage({ name, component, config, page, picture }: RemotePageProps) {
  // On the page the visitor arrived at, the server's first paint of the remote's page stays while its remote
  // loads (firstPaint.ts); clicks on it are replayed on the page once it has rendered (server.tsx).
  const { pathname } = useLocation();
  const [firstPaint] = useState(() => picture ?? firstPaintOf(pathname));
  useEffect(() => forgetFirstPaint(), []);
  const loading = firstPaint && (
    <div className="first-paint" dangerouslySetInnerHTML={{ __html: firstPaint }} />
  );
  // The page's space is reserved while the remote loads, so the footer does not jump (CLS).
  return (
    <div className="remote-page">
      {page && <RemotePageTitle page={page} />}
      <RemoteSlot name={name} component={component} config={config} loading={loading || undefined} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { failureText, formatDateTime, useLoad } from '@edicola/web-kit';
import { useAdmin } from '../../frame/context';
import { Dialog } from '../../ui/Dialog';

/** The demo RT's paper (RT_MODE=demo): each document as it would come out of the printer, newest first. */
export function DemoRtDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const journal = useLoad((signal) => api.pos.demoRt(signal), 'demo-rt');
  return (
    <Dialog title={t('counter.rt.demoTitle')} onClose={onClose} wide>
      <p className="adm-muted">{t('counter.rt.demoIntro')}</p>
      {journal.error !== null && (
        <p className="adm-error" role="alert">
          {failureText(journal.error, t('counter.loadError'))}
        </p>
      )}
      {journal.data && (
        <>
          <p>{t('counter.rt.serial', { serial: journal.data.serial })}</p>
          {journal.data.documents.length === 0 && <p className="adm-muted">{t('counter.rt.noPaper')}</p>}
          <ol className="adm-roll" aria-label={t('counter.rt.paper')}>
            {journal.data.documents.map((document) => (
              <li key={`${document.z_number}-${document.document_number}`}>
                <pre
                  aria-label={t('counter.rt.document', {
                    n: document.document_number,
                    at: formatDateTime(document.printed_at),
                  })}
                >
                  {document.text.join('\n')}
                </pre>
              </li>
            ))}
          </ol>
        </>
      )}
      <div className="adm-actions">
        <button type="button" className="adm-button adm-button-light" onClick={journal.reload}>
          {t('counter.rt.refresh')}
        </button>
      </div>
    </Dialog>
  );
}

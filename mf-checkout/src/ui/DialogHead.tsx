import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE } from '../dialogI18n';

/** The heading that names the dialog, and its close button. */
export function DialogHead({
  titleId,
  title,
  onClose,
}: {
  titleId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  return (
    <div className="cko-head">
      <h2 id={titleId}>{title}</h2>
      <button type="button" className="cko-close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="cko-visually-hidden">{t('cart.close')}</span>
      </button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';

/** The end of a dialog's form: its error (announced), Cancel and the submit button. */
export function DialogActions({
  error,
  onCancel,
  submitLabel,
  disabled = false,
  danger = false,
}: {
  error?: string | null;
  onCancel: () => void;
  submitLabel: string;
  disabled?: boolean;
  /** A submit that cannot be undone (a refund, a deletion): drawn as a warning. */
  danger?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {error && (
        <p className="adm-error" role="alert">
          {error}
        </p>
      )}
      <div className="adm-actions">
        <button type="button" className="adm-button adm-button-light" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className={danger ? 'adm-button adm-button-danger' : 'adm-button'}
          disabled={disabled}
        >
          {submitLabel}
        </button>
      </div>
    </>
  );
}

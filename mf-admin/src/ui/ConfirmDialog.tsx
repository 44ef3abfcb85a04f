import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The strong confirmation: the button stays disabled until this word is typed. */
  word?: string;
  busy?: boolean;
  /** Shown under the message, e.g. what the action will touch. */
  children?: ReactNode;
  /** Keeps the confirm button disabled (e.g. while what it will touch is still loading). */
  blocked?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone (docs/product/back-office.md#confirmations). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  word,
  busy,
  children,
  blocked,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const ready = !blocked && (!word || typed.trim() === word);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !busy) onConfirm();
  };
  return (
    <Dialog title={title} onClose={onCancel}>
      <form onSubmit={submit} className="adm-confirm">
        <p className="adm-confirm-message">{message}</p>
        {children}
        {word && (
          <>
            <label htmlFor={inputId}>{t('common.typeToConfirm', { word })}</label>
            <input
              id={inputId}
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </>
        )}
        <DialogActions onCancel={onCancel} submitLabel={confirmLabel} disabled={!ready || busy} danger />
      </form>
    </Dialog>
  );
}

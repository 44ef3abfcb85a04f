import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { firstFocusable, useDialogFocus } from '@edicola/web-kit';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

/**
 * The back office's modal dialog: labelled by its title, focus moved inside and kept there (Tab wraps),
 * closed by Escape or the close button; focus goes back where it was on close.
 */
export function Dialog({ title, onClose, children, wide }: DialogProps) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  // The first field of the body, not the close button.
  useDialogFocus(box, onClose, {
    initialFocus: (dialog) => firstFocusable(dialog.querySelector('.adm-dialog-body')),
  });

  return createPortal(
    <div className="adm-backdrop">
      <div
        ref={box}
        className={wide ? 'adm-dialog adm-dialog-wide' : 'adm-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="adm-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="adm-icon-button" onClick={onClose} aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="adm-dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

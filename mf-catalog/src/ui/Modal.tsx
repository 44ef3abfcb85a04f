import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { firstFocusable, useDialogFocus } from '@edicola/web-kit';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * An accessible dialog: labelled by its title, focus moved inside and kept there (Tab wraps), closed
 * by Escape, the close button or a click on the backdrop; focus goes back where it was on close.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const { t } = useTranslation('catalog');
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useDialogFocus(dialog, onClose, { initialFocus: firstFocusable });

  return createPortal(
    <div
      className="cat-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="cat-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="cat-modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="cat-modal-close" onClick={() => onClose()}>
            <span aria-hidden="true">×</span>
            <span className="cat-visually-hidden">{t('modal.close')}</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

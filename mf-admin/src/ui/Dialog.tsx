import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { dialogKeyHandler, FOCUSABLE } from '@edicola/contracts';

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

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // The first field of the body, not the close button.
    const first = box.current?.querySelector('.adm-dialog-body')?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  useEffect(() => {
    const onKeyDown = dialogKeyHandler(() => box.current, onClose);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

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

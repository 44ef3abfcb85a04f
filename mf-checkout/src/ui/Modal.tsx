import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '@edicola/web-kit';

interface ModalProps {
  /** id of the heading that names the dialog. */
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** When it changes (a new step), focus goes back to the dialog, which screen readers announce again. */
  focusKey?: string;
}

/**
 * An accessible dialog: labelled by its heading, focus moved inside and kept there (Tab wraps), closed by
 * Escape or a click on the backdrop; focus goes back where it was on close.
 */
export function Modal({ labelledBy, onClose, children, className, focusKey }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);

  useDialogFocus(dialog, onClose, { focusKey });

  return createPortal(
    <div
      className="cko-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className={className ? `cko-modal ${className}` : 'cko-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

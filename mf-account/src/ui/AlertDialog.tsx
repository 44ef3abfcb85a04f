import { useRef, type ReactNode } from 'react';
import { useDialogFocus } from '@edicola/web-kit';

/**
 * A modal question over the page (role alertdialog): named by the element `<id>-title` and described by `<id>-text`
 * that the children hold; the focus starts on `initialFocus`' element, stays inside, and Escape closes.
 */
export function AlertDialog({
  id,
  initialFocus,
  onClose,
  children,
}: {
  id: string;
  initialFocus: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useDialogFocus(box, onClose, { initialFocus: (dialog) => dialog.querySelector(initialFocus) });
  return (
    <div className="acct-dialog-backdrop">
      <div
        ref={box}
        className="acct-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}

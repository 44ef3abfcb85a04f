/** What Tab may reach inside a dialog. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The keyboard of a modal dialog, for a listener on the document (so Escape and Tab still work when the
 * focused element went away, e.g. a changed step or a sent form): Escape closes; Tab and Shift+Tab wrap
 * inside the dialog, and bring focus back into it from outside.
 */
export function dialogKeyHandler(dialog: () => HTMLElement | null, onClose: () => void) {
  return (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    const box = dialog();
    if (event.key !== 'Tab' || !box) return;
    const focusable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      box.focus();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const inside = box.contains(document.activeElement);
    if (!inside || (event.shiftKey && document.activeElement === first)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

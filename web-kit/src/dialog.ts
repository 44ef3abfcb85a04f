import { useEffect, type RefObject } from 'react';

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

/**
 * A modal dialog's focus and keyboard: focus moves to `initialFocus` (the dialog itself without one) when it opens
 * and whenever `focusKey` changes (a new step, which screen readers then announce), goes back where it was when
 * it closes; Escape closes and Tab stays inside (dialogKeyHandler).
 */
export function useDialogFocus(
  dialog: RefObject<HTMLElement | null>,
  onClose: () => void,
  {
    initialFocus,
    focusKey,
  }: { initialFocus?: (box: HTMLElement) => HTMLElement | null; focusKey?: string } = {},
): void {
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    return () => previous?.focus?.();
  }, []);

  useEffect(() => {
    const box = dialog.current;
    if (box) (initialFocus?.(box) ?? box).focus();
    // Only on opening and on a new step: a new initialFocus function every render must not take the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);

  useEffect(() => {
    const onKeyDown = dialogKeyHandler(() => dialog.current, onClose);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dialog, onClose]);
}

/** The first element Tab reaches inside `container`, if any. */
export const firstFocusable = (container: Element | null | undefined) =>
  container?.querySelector<HTMLElement>(FOCUSABLE) ?? null;

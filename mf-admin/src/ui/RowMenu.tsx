import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuAction {
  key: string;
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** Why it is disabled, read with it. */
  hint?: string;
  /** Cannot be undone (a cancellation): set apart at the end of the menu, in red. */
  danger?: boolean;
}

/**
 * A row's other actions behind one button (the menu button pattern of WAI-ARIA APG): Enter, Space or ArrowDown
 * open it on the first item, ArrowUp on the last; arrows, Home and End move; Escape and Tab close it, Escape
 * giving the focus back to the button. Items keep the row's name ('Fattura: ORD-1A2B3C4D'). The destructive ones
 * come last, after a separator.
 */
export function RowMenu({ label, of, actions }: { label: string; of: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const ordered = [...actions.filter((a) => !a.danger), ...actions.filter((a) => a.danger)];
  const firstDanger = ordered.findIndex((a) => a.danger);

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!button.current?.parentElement?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  if (ordered.length === 0) return null;

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(ordered.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const last = ordered.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active >= last ? 0 : active + 1),
      ArrowUp: () => (active <= 0 ? last : active - 1),
      Home: () => 0,
      End: () => last,
    };
    if (moves[event.key]) {
      event.preventDefault();
      setActive(moves[event.key]!());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="adm-menu">
      <button
        ref={button}
        type="button"
        className="adm-button adm-button-small adm-button-light adm-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${label}: ${of}`}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={`${label}: ${of}`}
          className="adm-menu-list"
          onKeyDown={onMenuKey}
        >
          {ordered.map((action, index) => (
            <div key={action.key} role="none">
              {index === firstDanger && index > 0 && <div role="separator" className="adm-menu-separator" />}
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === active ? 0 : -1}
                className={action.danger ? 'adm-menu-item adm-menu-danger' : 'adm-menu-item'}
                aria-label={`${action.label}: ${of}`}
                aria-disabled={action.disabled || undefined}
                title={action.hint}
                onClick={() => {
                  if (action.disabled) return;
                  close(true);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

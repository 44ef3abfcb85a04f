import type { ButtonHTMLAttributes } from 'react';

/**
 * A small action button in a list row: its accessible name also says which row ('Modifica: Casco
 * Leclerc'), since every row has the same buttons.
 */
export function RowButton({
  label,
  of,
  tone = 'plain',
  ...rest
}: {
  label: string;
  /** The row's name: title, rule name, order reference. */
  of: string;
  tone?: 'plain' | 'light' | 'danger';
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'aria-label' | 'children'>) {
  const toneClass = tone === 'plain' ? '' : ` adm-button-${tone}`;
  return (
    <button
      type="button"
      className={`adm-button adm-button-small${toneClass}`}
      aria-label={`${label}: ${of}`}
      {...rest}
    >
      {label}
    </button>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's filter bar: a search field submitted with its button, then the list's own filters. */
export function FilterBar({
  id,
  label,
  search,
  onSearchChange,
  onSearch,
  compact = false,
  children,
}: {
  /** The search field's id. */
  id: string;
  label: string;
  /** The search's label said inside the field (a list whose filters must stay short), still named for readers. */
  compact?: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  /** The trimmed text, or null when it is empty. */
  onSearch: (query: string | null) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <form
      className="adm-filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(search.trim() || null);
      }}
    >
      <span className="adm-field">
        <label htmlFor={id} className={compact ? 'adm-visually-hidden' : undefined}>
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={search}
          placeholder={compact ? label : undefined}
          onChange={(e) => onSearchChange(e.target.value)}
        />
      </span>
      <button type="submit" className="adm-button adm-button-light">
        {t('articles.searchButton')}
      </button>
      {children}
    </form>
  );
}

/**
 * One filter of a list: a labelled select whose first option ('Tutti' unless `allLabel` says otherwise)
 * clears it; `onChange` gets null for that option.
 */
export function SelectFilter({
  id,
  label,
  value,
  options,
  onChange,
  allLabel,
}: {
  id: string;
  label: string;
  value: string | number | null | undefined;
  options: readonly (readonly [value: string | number, label: string])[];
  onChange: (value: string | null) => void;
  /** The text of the first option; null for a select that always has a value (no empty option). */
  allLabel?: string | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className="adm-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        {allLabel !== null && <option value="">{allLabel ?? t('common.all')}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </span>
  );
}

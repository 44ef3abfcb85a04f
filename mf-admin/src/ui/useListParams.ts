import { useSearchParams } from 'react-router-dom';

/**
 * A list's filters live in the address (Italian keys, e.g. ?stato=da-spedire&pagina=2), so a filtered
 * list can be bookmarked and reloaded. `update` sets or clears some of them; any change but the page's
 * own goes back to the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setParams(next);
  };
  return { params, setParams, update };
}

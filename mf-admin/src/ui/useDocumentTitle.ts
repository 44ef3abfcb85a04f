import { useEffect } from 'react';

/** The shop's name, the same in every language. */
const BRAND = 'Edicola Napoli';

/** Sets the browser tab's title to "<page> – Edicola Napoli", in the language the page is shown in. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} – ${BRAND}`;
  }, [page]);
}

import { useEffect } from 'react';
import { SHOP_INFO } from '@edicola/contracts';

/** A page's title as every page of the shop writes it: "<page> – Edicola Napoli" (the name in every language). */
export const pageTitle = (page: string) => `${page} – ${SHOP_INFO.name}`;

/** Sets the browser tab's title while the component is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets the browser tab's title to "<page> – Edicola Napoli", in the language the page is shown in. */
export function usePageTitle(page: string): void {
  useDocumentTitle(pageTitle(page));
}

/** Sets the page's meta description (what a search engine or a shared link shows of it). */
export function useMetaDescription(text: string): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = text;
  }, [text]);
}

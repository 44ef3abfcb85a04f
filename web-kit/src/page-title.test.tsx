/** @jest-environment jsdom */
import { renderHook } from '@testing-library/react';
import { pageTitle, useMetaDescription, usePageTitle } from './page-title';

describe('page titles', () => {
  it('writes "<page> – <shop>" into the tab title, following the page', () => {
    expect(pageTitle('Carrello')).toBe('Carrello – Edicola Napoli');
    const { rerender } = renderHook(({ page }) => usePageTitle(page), { initialProps: { page: 'Accedi' } });
    expect(document.title).toBe('Accedi – Edicola Napoli');
    rerender({ page: 'Log in' });
    expect(document.title).toBe('Log in – Edicola Napoli');
  });

  it('sets the one meta description, adding it when the page has none', () => {
    const { rerender } = renderHook(({ text }) => useMetaDescription(text), {
      initialProps: { text: 'uno' },
    });
    rerender({ text: 'due' });
    const metas = document.querySelectorAll<HTMLMetaElement>('meta[name="description"]');
    expect([...metas].map((meta) => meta.content)).toEqual(['due']);
  });
});

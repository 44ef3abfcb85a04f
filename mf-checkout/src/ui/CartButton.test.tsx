import { MemoryRouter } from 'react-router-dom';
import { act, render, screen } from '@testing-library/react';
import { type RuntimeConfig } from '@edicola/contracts';
import { emitDomEvent } from '@edicola/web-kit';
import CartButton, { ADDED_NOTICE_MS } from './CartButton';
import { CART_STORAGE_KEY } from '../cart';
import { initTestI18n } from '../testSupport';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://api.test',
  mediaBaseUrl: 'http://api.test',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

beforeAll(() => initTestI18n());
beforeEach(() => localStorage.clear());

describe('CartButton', () => {
  it("counts the items added through 'edicola:cart-add' and persists them in local storage", () => {
    render(
      <MemoryRouter>
        <CartButton config={config} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Carrello – articoli: 0' })).toBeTruthy();

    act(() => emitDomEvent('edicola:cart-add', { article_id: 'a1', quantity: 1 }));
    act(() => emitDomEvent('edicola:cart-add', { article_id: 'a1', quantity: 1 }));
    act(() => emitDomEvent('edicola:cart-add', { article_id: 'a2', quantity: 1 }));

    expect(screen.getByTestId('cart-count').textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Carrello – articoli: 3' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Aggiunto al carrello. Articoli nel carrello: 3');
    // Seen too, for a moment, next to the cart button.
    expect(screen.getByTestId('cart-notice').textContent).toBe(
      'Aggiunto al carrello. Articoli nel carrello: 3',
    );
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      { article_id: 'a1', article: { id: 'a1' }, quantity: 2 },
      { article_id: 'a2', article: { id: 'a2' }, quantity: 1 },
    ]);
  });

  it('shows the confirmation for ADDED_NOTICE_MS, then only the count stays', () => {
    jest.useFakeTimers();
    try {
      render(
        <MemoryRouter>
          <CartButton config={config} />
        </MemoryRouter>,
      );
      act(() => emitDomEvent('edicola:cart-add', { article_id: 'a1', quantity: 1 }));
      expect(screen.getByTestId('cart-notice')).toBeTruthy();
      act(() => void jest.advanceTimersByTime(ADDED_NOTICE_MS));
      expect(screen.queryByTestId('cart-notice')).toBeNull();
      expect(screen.getByTestId('cart-count').textContent).toBe('1');
    } finally {
      jest.useRealTimers();
    }
  });

  it('starts from the stored cart and stops listening once unmounted', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ article_id: 'a9', article: { id: 'a9' }, quantity: 4 }]),
    );
    const { unmount } = render(
      <MemoryRouter>
        <CartButton config={config} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('cart-count').textContent).toBe('4');

    unmount();
    emitDomEvent('edicola:cart-add', { article_id: 'a9', quantity: 1 });
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)[0].quantity).toBe(4);
  });

  it('follows a cart changed in another tab', () => {
    render(
      <MemoryRouter>
        <CartButton config={config} />
      </MemoryRouter>,
    );
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ article_id: 'a1', article: { id: 'a1' }, quantity: 5 }]),
    );
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(screen.getByTestId('cart-count').textContent).toBe('5');
  });
});

import { useState } from 'react';
import type { Article } from '@edicola/contracts';
import { emitDomEventWhenReady } from '@edicola/web-kit';

/** How long an add waits for a cart that is still loading (the shell gives a remote 8 s to arrive). */
export const CART_WAIT_MS = 8000;

/**
 * 'Aggiungi al Carrello' of a card or an article page: the cart slice's `edicola:cart-add` event. While the
 * cart is still loading the add waits for it; only a cart that never comes is "down".
 */
export function useAddToCart(article: Article) {
  const [cartDown, setCartDown] = useState(false);
  const addToCart = () => {
    void emitDomEventWhenReady(
      'edicola:cart-add',
      { article_id: article.id, quantity: 1, article },
      'edicola:cart-ready',
      CART_WAIT_MS,
    ).then((delivered) => setCartDown(!delivered));
  };
  return { addToCart, cartDown };
}

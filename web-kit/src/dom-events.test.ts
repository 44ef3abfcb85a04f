/** @jest-environment jsdom */
import { emitDomEvent, emitDomEventWhenReady, onDomEvent } from './dom-events';

describe('DOM events between slices', () => {
  it('tells whether a listener received the event', () => {
    expect(emitDomEvent('edicola:checkout-open', { step: 'cart' })).toBe(false);
    const seen: unknown[] = [];
    const stop = onDomEvent('edicola:checkout-open', (detail) => seen.push(detail));
    expect(emitDomEvent('edicola:checkout-open', { step: 'payment' })).toBe(true);
    stop();
    expect(emitDomEvent('edicola:checkout-open', { step: 'cart' })).toBe(false);
    expect(seen).toEqual([{ step: 'payment' }]);
  });

  it('sends again once the receiving slice says it is ready, or gives up', async () => {
    const seen: unknown[] = [];
    const sent = emitDomEventWhenReady(
      'edicola:cart-add',
      { article_id: 'a', quantity: 1 },
      'edicola:cart-ready',
      1000,
    );
    const stop = onDomEvent('edicola:cart-add', (detail) => seen.push(detail));
    emitDomEvent('edicola:cart-ready', {});
    await expect(sent).resolves.toBe(true);
    stop();
    expect(seen).toEqual([{ article_id: 'a', quantity: 1 }]);
    await expect(
      emitDomEventWhenReady('edicola:cart-add', { article_id: 'b', quantity: 1 }, 'edicola:cart-ready', 10),
    ).resolves.toBe(false);
  });
});

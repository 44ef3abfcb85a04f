import { captureFirstPaint, firstPaintOf, forgetFirstPaint } from './firstPaint';

/** A page as the storefront server sends it: the Layout's paint with a remote page's own paint in its slot. */
function servedPage(slot: string, inner: string): Document {
  document.body.innerHTML =
    `<div id="root"><div class="first-paint"><main><div class="remote-page">` +
    `<div class="remote-slot remote-slot-${slot}"><div class="first-paint">${inner}</div></div>` +
    `</div></main></div></div>`;
  return document;
}

afterEach(() => {
  forgetFirstPaint();
  document.body.innerHTML = '';
});

describe("the server's paint of a remote page, kept while the remote loads", () => {
  it.each(['CatalogPage', 'ArticlePage'])(
    'keeps the paint of the %s slot for the address it was sent for',
    (slot) => {
      window.history.replaceState({}, '', '/de/prodotti/charizard-ex-151-italiano');
      captureFirstPaint(servedPage(slot, '<h1>Charizard ex</h1>'));
      expect(firstPaintOf('/de/prodotti/charizard-ex-151-italiano')).toBe('<h1>Charizard ex</h1>');
      expect(firstPaintOf('/prodotti/charizard-ex-151-italiano')).toBeUndefined();
      forgetFirstPaint();
      expect(firstPaintOf('/de/prodotti/charizard-ex-151-italiano')).toBeUndefined();
    },
  );
});

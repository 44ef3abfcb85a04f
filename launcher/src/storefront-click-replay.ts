import { createHash } from 'node:crypto';

/**
 * Clicks on the server's first paint, kept until the app has rendered the same control, then made on it.
 * The first paint is the components' own markup (storefront-first-paint.ts), but plain HTML: until React
 * takes over (0.3 s on a fast connection, 3 s on a phone) its buttons do nothing. Controls that matter
 * then carry `data-replay="<what>"` ('add-to-cart:<article id>', 'cookie-accept', 'menu', 'filter:<slug>',
 * 'language'); a click on one inside `.first-paint` is remembered (and the control marked aria-busy), and
 * once an element with the same data-replay outside any `.first-paint` appears (the app's), it is clicked,
 * in the order the visitor clicked; a language chosen in the picture is chosen again. Links are real
 * `<a href>`: they simply navigate. The script runs inline in the head, before the first paint is parsed,
 * so no click is lost however slow the network; the page's CSP admits it by its hash.
 */
export const CLICK_REPLAY_SCRIPT = `(function () {
  var waiting = [];
  var observer = null;
  function live(key) {
    var found = document.querySelectorAll('[data-replay]');
    for (var i = 0; i < found.length; i++) {
      if (found[i].getAttribute('data-replay') === key && !found[i].closest('.first-paint')) return found[i];
    }
    return null;
  }
  function replay() {
    while (waiting.length) {
      var target = live(waiting[0].key);
      if (!target) return;
      var next = waiting.shift();
      if (next.value === null) {
        target.click();
      } else {
        target.value = next.value;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }
    if (observer) observer.disconnect();
    observer = null;
  }
  function remember(event, isChange) {
    var control = event.target && event.target.closest && event.target.closest('.first-paint [data-replay]');
    if (!control || (control.tagName === 'SELECT') !== isChange) return;
    waiting.push({ key: control.getAttribute('data-replay'), value: isChange ? control.value : null });
    control.setAttribute('aria-busy', 'true');
    if (!observer) {
      observer = new MutationObserver(replay);
      observer.observe(document.documentElement, { childList: true, subtree: true });
    }
    replay();
  }
  document.addEventListener('click', function (event) { remember(event, false); }, true);
  document.addEventListener('change', function (event) { remember(event, true); }, true);
})();`;

/** The script's CSP source: `'sha256-…'`. */
export const CLICK_REPLAY_HASH = `'sha256-${createHash('sha256').update(CLICK_REPLAY_SCRIPT).digest('base64')}'`;

/** The inline script element for the page's head. */
export const CLICK_REPLAY_ELEMENT = `<script>${CLICK_REPLAY_SCRIPT}</script>`;

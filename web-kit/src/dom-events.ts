import type { DomEventName, DomEvents } from '@edicola/contracts';

/**
 * Dispatches a slice event and tells whether a listener received it: every listener registered with
 * onDomEvent acknowledges (cancels the event), so `false` means the receiving slice is not on the page
 * (e.g. mf-checkout failed to load and nobody keeps the cart).
 */
export function emitDomEvent<N extends DomEventName>(name: N, detail: DomEvents[N]): boolean {
  const delivered = !window.dispatchEvent(new CustomEvent(name, { detail, cancelable: true }));
  return delivered;
}

/**
 * Dispatches a slice event, and when nobody receives it yet, waits up to `ms` for `readyEvent` (the
 * receiving slice announcing it has loaded) to dispatch it once more. Resolves whether it was received.
 */
export function emitDomEventWhenReady<N extends DomEventName>(
  name: N,
  detail: DomEvents[N],
  readyEvent: DomEventName,
  ms: number,
): Promise<boolean> {
  if (emitDomEvent(name, detail)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      window.removeEventListener(readyEvent, onReady);
      resolve(emitDomEvent(name, detail));
    };
    const timer = setTimeout(() => {
      window.removeEventListener(readyEvent, onReady);
      resolve(false);
    }, ms);
    window.addEventListener(readyEvent, onReady);
  });
}

export function onDomEvent<N extends DomEventName>(
  name: N,
  listener: (detail: DomEvents[N]) => void,
): () => void {
  const handler = (event: Event) => {
    event.preventDefault(); // the acknowledgement emitDomEvent reads
    listener((event as CustomEvent<DomEvents[N]>).detail);
  };
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}

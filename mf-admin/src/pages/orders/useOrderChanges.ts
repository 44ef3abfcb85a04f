import { useEffect, useRef } from 'react';
import type { OrderChanges } from '@edicola/contracts';

/** How often the open list asks whether an order changed (docs/decisions/0061-order-list-work.md). */
export const ORDER_CHANGES_POLL_MS = 5_000;

/**
 * Calls `onChange` when an order was created or changed since the list was read: asks the server's token every
 * few seconds while the page is shown (a hidden tab asks nothing, and asks at once when shown again). A failed
 * question is only skipped: the next one tries again.
 */
export function useOrderChanges(
  changes: (signal: AbortSignal) => Promise<OrderChanges>,
  onChange: () => void,
  everyMs = ORDER_CHANGES_POLL_MS,
) {
  const seen = useRef<string | null>(null);
  const latest = useRef({ changes, onChange });
  useEffect(() => {
    latest.current = { changes, onChange };
  });

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const ask = async () => {
      if (asking) return;
      asking = true;
      if (document.visibilityState !== 'hidden') {
        try {
          const { version } = await latest.current.changes(controller.signal);
          if (seen.current !== null && seen.current !== version) latest.current.onChange();
          seen.current = version;
        } catch {
          // Offline or the service restarting: the next question tries again.
        }
      }
      asking = false;
      if (!controller.signal.aborted) timer = setTimeout(() => void ask(), everyMs);
    };
    const onShown = () => {
      if (document.visibilityState === 'visible') {
        clearTimeout(timer);
        void ask();
      }
    };
    void ask();
    document.addEventListener('visibilitychange', onShown);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [everyMs]);
}

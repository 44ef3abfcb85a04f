import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  /** The last answer (kept on screen while a newer one loads). */
  data: T | undefined;
  /** The failure of the last request, or null. */
  error: unknown;
  loading: boolean;
  /** Loads again (after a change). */
  reload: () => void;
}

/**
 * Loads `load` when `key` changes (the URL's filters, say) and on reload(); an answer that arrives after a
 * newer request started is dropped.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [round, setRound] = useState(0);
  const request = `${key}#${round}`;
  const [settled, setSettled] = useState<{ request: string; data?: T; error: unknown }>({
    request: '',
    error: null,
  });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ request, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled((previous) => ({ request, data: previous.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is a new function each render; `request` says when what it loads changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: settled.data, error: settled.error, loading: settled.request !== request, reload };
}

/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from './use-load';

describe('useLoad', () => {
  it('loads for each key, keeps the last answer while the next loads, and reloads on demand', async () => {
    const answers: Record<string, string> = { a: 'A', b: 'B' };
    let calls = 0;
    const { result, rerender } = renderHook(
      ({ key }) => useLoad(async () => `${answers[key]}${++calls}`, key),
      {
        initialProps: { key: 'a' },
      },
    );
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current).toMatchObject({ data: 'A1', loading: false, error: null }));

    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ data: 'A1', loading: true });
    await waitFor(() => expect(result.current).toMatchObject({ data: 'B2', loading: false }));

    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ data: 'B3', loading: false }));
  });

  it('aborts the request a newer one replaces, and drops its answer', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: ((value: string) => void)[] = [];
    const load = (signal: AbortSignal) =>
      new Promise<string>((resolve) => {
        signals.push(signal);
        resolvers.push(resolve);
      });
    const { result, rerender } = renderHook(({ key }) => useLoad(load, key), {
      initialProps: { key: 'old' },
    });
    rerender({ key: 'new' });
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);

    await act(async () => resolvers[0]!('stale'));
    expect(result.current.data).toBeUndefined();
    await act(async () => resolvers[1]!('fresh'));
    expect(result.current).toMatchObject({ data: 'fresh', loading: false });
  });

  it('keeps the failure, and the last answer, until a load succeeds', async () => {
    let fail = false;
    const { result } = renderHook(() =>
      useLoad(async () => {
        if (fail) throw new Error('down');
        return 'ok';
      }, 'k'),
    );
    await waitFor(() => expect(result.current.data).toBe('ok'));
    fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toBe('ok');
    expect(result.current.error).toEqual(new Error('down'));
  });

  it('aborts the request under way when the component goes away', () => {
    let seen: AbortSignal | undefined;
    const { unmount } = renderHook(() =>
      useLoad((signal) => {
        seen = signal;
        return new Promise<never>(() => undefined);
      }, 'k'),
    );
    unmount();
    expect(seen?.aborted).toBe(true);
  });
});

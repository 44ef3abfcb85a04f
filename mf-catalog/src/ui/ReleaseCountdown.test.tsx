import { act, render, screen } from '@testing-library/react';
import ArticlePage from '../pages/ArticlePage';
import { initTestI18n, inRouter, jsonResponse, makeArticle } from '../testSupport';
import { ReleaseCountdown } from './ReleaseCountdown';

// docs/product/release-hour.md#countdown
beforeAll(() => initTestI18n());
afterEach(() => jest.useRealTimers());

const figures = () =>
  screen.getAllByText(/^\d\d$/).map((cell) => `${cell.getAttribute('data-unit')}=${cell.textContent}`);

describe('ReleaseCountdown', () => {
  it('shows the Rome time of the release and the time left from the first clock, then ticks every second', () => {
    jest.useFakeTimers({ now: Date.parse('2026-12-05T16:58:58.000Z') });
    const onReleased = jest.fn();
    // 18:00 in Rome (UTC+1 in December) is 17:00 UTC.
    render(<ReleaseCountdown saleStartsAt="2026-12-05T17:00:00.000Z" onReleased={onReleased} />);
    expect(screen.getByText('In vendita dal 05/12/2026 alle 18:00 (ora italiana)')).toBeTruthy();
    expect(figures()).toEqual(['days=00', 'hours=00', 'minutes=01', 'seconds=02']);
    act(() => jest.advanceTimersByTime(1000));
    expect(figures()).toEqual(['days=00', 'hours=00', 'minutes=01', 'seconds=01']);
    // One tick a second, each scheduled once the last one has rendered.
    for (let i = 0; i < 61; i++) act(() => jest.advanceTimersByTime(1000));
    expect(figures()).toEqual(['days=00', 'hours=00', 'minutes=00', 'seconds=00']);
    expect(onReleased).toHaveBeenCalledTimes(1);
  });

  it('counts days and takes the given first clock (the server’s, in the first paint)', () => {
    render(
      <ReleaseCountdown
        saleStartsAt="2026-07-01T08:30:00.000Z"
        now={Date.parse('2026-06-28T06:00:00.000Z')}
      />,
    );
    // Summer: 08:30 UTC is 10:30 in Rome.
    expect(screen.getByText('In vendita dal 01/07/2026 alle 10:30 (ora italiana)')).toBeTruthy();
    expect(figures()).toEqual(['days=03', 'hours=02', 'minutes=30', 'seconds=00']);
  });

  it('on the article page: the add-to-cart waits for the hour, then opens', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-12-05T16:59:58.000Z'), advanceTimers: true });
    const article = makeArticle({ product_type: 'prevendita', sale_starts_at: '2026-12-05T17:00:00.000Z' });
    global.fetch = jest.fn(async (url: string) =>
      url.includes('/by-slug/')
        ? jsonResponse(200, article)
        : url.includes('/reviews/stats/')
          ? jsonResponse(200, { average_rating: 0, total_reviews: 0 })
          : jsonResponse(200, []),
    ) as unknown as typeof fetch;
    render(
      inRouter(
        `/prodotti/${article.slug}`,
        <ArticlePage
          config={{
            apiBaseUrl: 'http://api.test:8080',
            mediaBaseUrl: 'http://media.test',
            demoMode: true,
            remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
          }}
        />,
      ),
    );
    const waiting = await screen.findByRole('button', { name: 'Non ancora in vendita' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('release-countdown')).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(screen.queryByTestId('release-countdown')).toBeNull();
    expect((screen.getByRole('button', { name: 'Aggiungi al Carrello' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

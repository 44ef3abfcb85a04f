import { act, fireEvent, render, screen } from '@testing-library/react';
import type { RemoteProps, RuntimeConfig } from '@edicola/contracts';
import { initI18n } from '../i18n';
import { RemoteSlot } from './RemoteSlot';
import { retryableLazy, type RemoteModule } from '../remotes';

const config: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:8080',
  mediaBaseUrl: 'http://localhost:8080',
  demoMode: false,
  remotes: { mf_catalog: 'x', mf_checkout: 'x', mf_account: 'x', mf_admin: 'x' },
};

const Catalogue = (_props: RemoteProps) => <p data-testid="catalogue">catalogue</p>;

beforeEach(async () => {
  await initI18n();
});

describe('a remote that does not arrive', () => {
  it('shows the translated fallback with a retry after the timeout, and the retry loads it again', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // First attempt: a server that never answers. Second attempt: it answers.
      const load = jest
        .fn<Promise<RemoteModule>, []>()
        .mockImplementationOnce(() => new Promise<RemoteModule>(() => {}))
        .mockImplementationOnce(async () => ({ default: Catalogue }));
      const Remote = retryableLazy(load, 'CatalogPage', 100);
      const { container } = render(<RemoteSlot name="mf_catalog" component={Remote} config={config} />);

      expect(screen.getByRole('status').textContent).toBe('Caricamento…');
      expect(container.querySelector('.remote-slot-CatalogPage')).not.toBeNull();
      const fallback = await screen.findByTestId('remote-fallback-mf_catalog', {}, { timeout: 2000 });
      expect(fallback.textContent).toContain('La sezione «Catalogo» non è disponibile');

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
      });
      expect(await screen.findByTestId('catalogue')).toBeTruthy();
      expect(screen.queryByTestId('remote-fallback-mf_catalog')).toBeNull();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('renders the remote when it arrives in time', async () => {
    const Remote = retryableLazy(async () => ({ default: Catalogue }), 'CatalogPage', 1000);
    render(<RemoteSlot name="mf_catalog" component={Remote} config={config} />);
    expect(await screen.findByTestId('catalogue')).toBeTruthy();
  });
});

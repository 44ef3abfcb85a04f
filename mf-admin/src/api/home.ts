import { BackOfficeHome, ROUTES } from '@edicola/contracts';
import { type ApiClient } from '@edicola/web-kit';

export const homeApi = (client: ApiClient) => ({
  /** GET /api/admin/home (staff): what needs doing today (docs/product/back-office.md#home). */
  get: (signal?: AbortSignal) =>
    client.call(ROUTES['GET /api/admin/home'], { signal, schema: BackOfficeHome }),
});

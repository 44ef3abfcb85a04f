import { API_ROUTES } from '../gateway';
import {
  CATALOG_ROUTES,
  CHANNELS_ROUTES,
  NOTIFY_ROUTES,
  ORDERS_ROUTES,
  PAYMENTS_ROUTES,
  PLATFORM_ROUTES,
  ROUTES,
} from '.';
import { pathTo } from './route';

describe('the route table', () => {
  it('holds each route once: no two services (nor the platform) claim the same method and path', () => {
    const tables = [
      PLATFORM_ROUTES,
      CATALOG_ROUTES,
      ORDERS_ROUTES,
      PAYMENTS_ROUTES,
      NOTIFY_ROUTES,
      CHANNELS_ROUTES,
    ];
    const keys = tables.flatMap((table) => Object.keys(table));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(ROUTES)).toHaveLength(keys.length);
  });

  it('names only the gateway’s services', () => {
    const services = new Set(Object.values(ROUTES).map((route) => route.service));
    expect([...services].sort()).toEqual(['every', ...Object.keys(API_ROUTES)].sort());
  });

  it('reads method and path from the key', () => {
    expect(ROUTES['PUT /api/orders/:id/status']).toMatchObject({
      service: 'svc-orders',
      method: 'PUT',
      path: '/api/orders/:id/status',
      access: { kind: 'staff', roles: ['admin', 'staff'] },
    });
  });

  it('fills a path’s parameters, encoded, and refuses a missing one', () => {
    const route = ROUTES['GET /api/orders/:id/credit-notes/:number.pdf'];
    expect(pathTo(route, { id: 'a/b', number: '3-2026' })).toBe('/api/orders/a%2Fb/credit-notes/3-2026.pdf');
    expect(() => pathTo(route, { id: 'x' })).toThrow('number missing');
  });
});

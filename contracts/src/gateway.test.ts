import { serviceForPath } from './gateway';

describe('serviceForPath', () => {
  it.each([
    ['/public/articles', 'svc-catalog'],
    ['/public/articles/prevendita', 'svc-catalog'],
    ['/media/articles/x.webp', 'svc-catalog'],
    ['/api/auth/login', 'svc-orders'],
    ['/orders', 'svc-orders'],
    ['/orders/export/csv', 'svc-orders'],
    ['/analytics/reset-payment-data', 'svc-orders'],
    ['/analytics/stats', 'svc-catalog'],
    ['/checkout/session', 'svc-payments'],
    ['/webhooks/stripe', 'svc-payments'],
    ['/webhooks/packlink', 'svc-orders'],
    ['/api/invoices/next-number', 'svc-orders'],
    ['/api/orders/0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a/credit-notes/3-2026.pdf', 'svc-orders'],
    ['/api/orders/0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a/invoice-data', 'svc-orders'],
    ['/api/exports/takings.csv', 'svc-orders'],
    ['/newsletter/subscribe', 'svc-notify'],
    ['/admin/process-scheduled-emails', 'svc-notify'],
    ['/contact/messages', 'svc-notify'],
    ['/stock-alerts/confirm', 'svc-notify'],
    ['/api/admin/stock-alerts/waiting', 'svc-notify'],
    ['/public/articles/0b6f8e2a-6c1d-4d0e-9a7b-1f2e3d4c5b6a/alerts', 'svc-catalog'],
    ['/reviews/recent', 'svc-catalog'],
  ])('%s → %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it('routes nothing else', () => {
    expect(serviceForPath('/')).toBeNull();
    expect(serviceForPath('/public/articlesx')).toBeNull();
    expect(serviceForPath('/media')).toBeNull();
    expect(serviceForPath('/analytics/other')).toBeNull();
  });

  it('never routes internal service-to-service paths', () => {
    expect(serviceForPath('/internal/articles/1/price')).toBeNull();
    expect(serviceForPath('/internal')).toBeNull();
    expect(serviceForPath('/INTERNAL/x')).toBeNull();
    expect(serviceForPath('/contact/messages')).toBe('svc-notify');
  });
});

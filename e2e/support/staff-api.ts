import { shop } from './shop';

/** A JSON call to the shop's API as the browser makes it (the storefront's origin), with a bearer token if given. */
export async function api<T>(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${shop.apiUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: shop.webUrl,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json');
  return { status: res.status, body: (!text ? null : json ? JSON.parse(text) : text) as T };
}

export async function staffToken(): Promise<string> {
  return (await api<{ access_token: string }>('POST', '/api/auth/login', shop.admin)).body.access_token;
}

/** A fresh article (so its stock is this test's alone): net 20 €, 22 % VAT, 24,40 € each. */
export async function newArticle(token: string, stock: number): Promise<{ id: string; title: string }> {
  const sku = `E2E-ORD-${Date.now()}-${Math.round(Math.random() * 1000)}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    sku,
    title: `Minichamps Ferrari 312 T4 ${sku}`,
    description: 'Modellino 1:43 della monoposto campione del mondo 1979.',
    category: 'Modellismo',
    product_type: 'normale',
    price: '20.00',
    iva_percentage: '22',
    quantity_stock: String(stock),
    weight: '0.4',
  }))
    form.append(key, value);
  const res = await fetch(`${shop.apiUrl}/api/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

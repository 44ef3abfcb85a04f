import { deflateSync } from 'node:zlib';
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

/** A small real PNG (solid colour), built here so the journey needs no fixture file. */
export function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc0)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A fresh article (so its stock is this test's alone): net 20 €, 22 % VAT, 24,40 € each; with a photo when asked
 * (eBay lists nothing without one).
 */
export async function newArticle(
  token: string,
  stock: number,
  options: { photo?: boolean } = {},
): Promise<{ id: string; sku: string; title: string }> {
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
  if (options.photo) form.append('photo', new Blob([png(64, 48)], { type: 'image/png' }), 'modellino.png');
  const res = await fetch(`${shop.apiUrl}/api/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; sku: string; title: string };
}

import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import {
  AdminArticleCounts,
  AdminArticlePage,
  Article,
  ArticleList,
  IvaOptionList,
  PHOTO_ERRORS,
  photoSrcSet,
  StockAdjusted,
  StockMovementList,
} from '@edicola/contracts';
import { createInternalTokens } from '@edicola/platform';
import { startTestService, type TestService, makeTokens, type TestTokens } from '@edicola/platform/testing';
import { catalogService } from '../src/service';

const fields = {
  sku: 'TEST-001',
  title: 'Ferrari 312T Niki Lauda 1:43',
  description: 'Campione del mondo 1975',
  category: 'Modellismo',
  product_type: 'normale',
  price: '49.90',
  iva_percentage: '22',
  quantity_stock: '3',
  weight: '0.4',
  dimensions: '10 x 5 x 4 cm',
  share_facebook: 'true',
};

/** A PNG whose header claims a size far beyond the pixel limit (a decompression bomb's shape). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const INTERNAL_SECRET = 'admin-articles-internal-secret-of-40-chars';

describe('svc-catalog staff articles', () => {
  let catalog: TestService<unknown>;
  let tokens: TestTokens;
  let ordersToken: string;
  const api = () => request(catalog.service.app);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    tokens = await makeTokens();
    catalog = await startTestService(catalogService, {
      verifier: tokens.verifier,
      env: { DEMO_DATA: 'false', CATALOG_CACHE_TTL_MS: '60000', INTERNAL_TOKEN_SECRET: INTERNAL_SECRET },
    });
    ordersToken = await createInternalTokens(INTERNAL_SECRET).sign('svc-orders', 'svc-catalog');
  }, 60_000);
  afterAll(() => catalog?.stop());

  /** Every article staff see (first 100), as the back office's list gives them. */
  const staffList = async (path = '/api/articles', query: Record<string, string> = {}) =>
    AdminArticlePage.parse(
      (
        await api()
          .get(path)
          .query({ page_size: '100', ...query })
          .set(as(tokens.staff))
      ).body,
    ).items;

  const post = (form: Record<string, string>, photo?: { data: Buffer; name: string; type?: string }) => {
    const req = api().post('/api/articles').set(as(tokens.staff));
    for (const [k, v] of Object.entries(form)) void req.field(k, v);
    if (photo)
      void req.attach('photo', photo.data, { filename: photo.name, contentType: photo.type ?? 'image/jpeg' });
    return req;
  };

  it('refuses every staff route without a staff token', async () => {
    for (const [method, path] of [
      ['get', '/api/articles'],
      ['post', '/api/articles'],
      ['put', '/api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11'],
      ['delete', '/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11'],
      ['get', '/api/admin/articles/prevendita'],
      ['get', '/api/admin/articles/prenotazione'],
      ['get', '/api/config/iva-options'],
      ['get', '/api/admin/articles/counts'],
      ['patch', '/api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/active'],
      ['get', '/api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/stock-movements'],
      ['get', '/api/stock/lookup?q=ferrari'],
      ['post', '/api/stock/external-sales'],
      ['post', '/api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11/stock'],
    ] as const) {
      expect((await api()[method](path)).status).toBe(401);
      const asCustomer = await api()[method](path).set(as(tokens.customer));
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body).toEqual({ detail: 'Permesso negato' });
    }
  });

  it('gives staff the IVA options of docs/product/constants.md#vat-rates', async () => {
    const res = await api().get('/api/config/iva-options').set(as(tokens.admin));
    expect(res.status).toBe(200);
    expect(IvaOptionList.parse(res.body).map((o) => o.value)).toEqual([22, 10, 4, 0]);
    expect(res.body[3].label).toBe('0% - Esente IVA');
  });

  it('creates an article from a multipart form with a JPEG, stored as WebP in two widths', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const res = await post(fields, { data: jpeg, name: 'foto.jpg' });
    expect(res.status).toBe(201);
    const article = Article.parse(res.body);
    expect(article).toMatchObject({
      sku: 'TEST-001',
      price: 49.9,
      iva_percentage: 22,
      quantity_stock: 3,
      weight: 0.4,
      is_active: true,
      share_facebook: true,
      share_instagram: false,
      availability_date: null,
      shipping_cost_national: 0,
    });
    expect(article.photo_url).toMatch(/^\/media\/articles\/[0-9a-f]{24}-400\.webp$/);
    const srcset = photoSrcSet('', article.photo_url)!;
    for (const [url, width] of srcset.split(', ').map((s) => s.split(' '))) {
      const file = await api().get(url!).buffer(true);
      expect(file.status).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(width);
    }
    // The new article is on the public list at once (the cache was dropped after the write).
    const list = ArticleList.parse((await api().get('/public/articles')).body);
    expect(list.map((a) => a.sku)).toContain('TEST-001');
  });

  it('answers a taken SKU with 409 and writes nothing', async () => {
    const res = await post({ ...fields, title: 'Altro' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Esiste già un articolo con SKU TEST-001', code: 'sku_taken' });
    const all = await staffList();
    expect(all.filter((a) => a.sku === 'TEST-001')).toHaveLength(1);
  });

  it.each([
    [{ sku: '  ' }, 'SKU è obbligatorio'],
    [{ title: '' }, 'Il titolo è obbligatorio'],
    [{ price: '-1' }, 'Il prezzo non può essere negativo'],
    [{ price: '1.999' }, 'Il prezzo ammette al massimo 2 decimali'],
    [{ quantity_stock: '2.5' }, 'La quantità deve essere un numero intero'],
    [{ iva_percentage: '21' }, 'Aliquota IVA non valida (22, 10, 4 o 0)'],
    [{ product_type: 'prevendita' }, 'La data di disponibilità è obbligatoria per la prevendita'],
  ])('refuses %j with 422 and its message', async (change, detail) => {
    const res = await post({ ...fields, sku: 'BAD-1', ...change });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain(detail);
  });

  it('keeps availability_date for pre-sale articles only', async () => {
    const presale = await post({
      ...fields,
      sku: 'PRE-1',
      product_type: 'prevendita',
      availability_date: '2027-03-01',
    });
    expect(presale.status).toBe(201);
    expect(presale.body.availability_date).toBe('2027-03-01');
    const normal = await post({ ...fields, sku: 'NOR-1', availability_date: '2027-03-01' });
    expect(normal.body.availability_date).toBeNull();
    const listed = await staffList('/api/admin/articles/prevendita');
    expect(listed.map((a) => a.sku)).toEqual(['PRE-1']);
    expect(await staffList('/api/admin/articles/prenotazione')).toEqual([]);
  });

  it('checks photos by their content, not their name or declared type', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF');
    const asJpeg = await post(
      { ...fields, sku: 'PH-1' },
      { data: pdf, name: 'foto.jpg', type: 'image/jpeg' },
    );
    expect(asJpeg.status).toBe(422);
    expect(asJpeg.body).toEqual({ detail: PHOTO_ERRORS.type, code: 'photo_type' });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const svgRes = await post({ ...fields, sku: 'PH-2' }, { data: svg, name: 'x.png', type: 'image/png' });
    expect(svgRes.status).toBe(422);
    expect(svgRes.body).toEqual({ detail: PHOTO_ERRORS.type, code: 'photo_type' });

    const big = Buffer.alloc(5_242_881, 1);
    const bigRes = await post({ ...fields, sku: 'PH-3' }, { data: big, name: 'big.jpg' });
    expect(bigRes.status).toBe(413);
    expect(bigRes.body).toEqual({ detail: PHOTO_ERRORS.size, code: 'photo_size' });

    const bomb = await pngClaiming(100_000, 100_000);
    const bombRes = await post(
      { ...fields, sku: 'PH-4' },
      { data: bomb, name: 'bomb.png', type: 'image/png' },
    );
    expect(bombRes.status).toBe(422);
    expect(bombRes.body.detail).toMatch(/megapixel/);

    const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const gifRes = await post({ ...fields, sku: 'PH-5' }, { data: gif, name: 'anim.gif', type: 'image/gif' });
    expect(gifRes.status).toBe(201);
    const small = await api().get(gifRes.body.photo_url).buffer(true);
    // Never enlarged: a 300 px photo stays 300 px wide.
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(300);

    const all = await staffList();
    expect(all.map((a) => a.sku).filter((s) => s.startsWith('PH-'))).toEqual(['PH-5']);
  });

  it('edits an article: every field replaced, the photo kept when none is sent', async () => {
    const all = await staffList();
    const before = all.find((a) => a.sku === 'TEST-001')!;
    const res = await api()
      .put(`/api/articles/${before.id}`)
      .set(as(tokens.admin))
      .field({
        ...fields,
        title: 'Ferrari 312T (edizione 2)',
        price: '55,00',
        is_active: 'false',
        weight: '',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: before.id,
      title: 'Ferrari 312T (edizione 2)',
      price: 55,
      is_active: false,
      weight: null,
      photo_url: before.photo_url,
    });
    // Inactive: staff still see it, the public list no longer does.
    const publicList = ArticleList.parse((await api().get('/public/articles')).body);
    expect(publicList.map((a) => a.id)).not.toContain(before.id);
    const missing = await api()
      .put('/api/articles/6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11')
      .set(as(tokens.staff))
      .field(fields);
    expect(missing.status).toBe(404);
    const taken = await api()
      .put(`/api/articles/${before.id}`)
      .set(as(tokens.staff))
      .field({ ...fields, sku: 'PRE-1' });
    expect(taken.status).toBe(409);
  });

  it("makes a duplicate show the original's photo (photo_from), unless it brings its own", async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const original = await post(
      { ...fields, sku: 'DUP-ORIG', quantity_stock: '7' },
      { data: png, name: 'o.png' },
    );
    expect(original.status).toBe(201);
    const photoUrl = Article.parse(original.body).photo_url!;
    expect(photoUrl).toMatch(/^\/media\/articles\//);

    const copy = await post({
      ...fields,
      sku: 'DUP-COPY',
      quantity_stock: '7',
      photo_from: original.body.id,
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ sku: 'DUP-COPY', quantity_stock: 7, photo_url: photoUrl });
    expect((await api().get(photoUrl).buffer(true)).status).toBe(200);

    // A new photo wins over photo_from; an edit ignores it.
    const own = await post(
      { ...fields, sku: 'DUP-OWN', photo_from: original.body.id },
      { data: await sharp(png).negate().png().toBuffer(), name: 'n.png' },
    );
    expect(own.status).toBe(201);
    expect(own.body.photo_url).not.toBe(photoUrl);
    const edited = await api()
      .put(`/api/articles/${own.body.id}`)
      .set(as(tokens.staff))
      .field({ ...fields, sku: 'DUP-OWN', photo_from: original.body.id });
    expect(edited.status).toBe(200);
    expect(edited.body.photo_url).toBe(own.body.photo_url);

    // Deleting the original leaves the copy's photo in place.
    expect((await api().delete(`/api/articles/${original.body.id}`).set(as(tokens.admin))).status).toBe(200);
    expect((await api().get(photoUrl).buffer(true)).status).toBe(200);

    const unknown = await post({
      ...fields,
      sku: 'DUP-LOST',
      photo_from: '6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c99',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBe("L'articolo da cui copiare la foto non esiste: scegli una foto");
    const bad = await post({ ...fields, sku: 'DUP-BAD', photo_from: '/etc/passwd' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('Articolo della foto da copiare non valido');
    const skus = (await staffList()).map((a) => a.sku);
    expect(skus).not.toContain('DUP-LOST');
    expect(skus).not.toContain('DUP-BAD');
  });

  it('answers a broken multipart body or a second file in the one error shape', async () => {
    const broken = await api()
      .post('/api/articles')
      .set(as(tokens.staff))
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="sku"\r\n\r\nA');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ detail: 'Modulo multipart non valido' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const twoFiles = await api()
      .post('/api/articles')
      .set(as(tokens.staff))
      .field(fields)
      .attach('photo', png, 'a.png')
      .attach('other', png, 'b.png');
    expect(twoFiles.status).toBe(422);
    expect(twoFiles.body.detail).toContain('photo');
  });

  it('accepts the same form as JSON', async () => {
    const res = await api()
      .post('/api/articles')
      .set(as(tokens.staff))
      .send({
        ...fields,
        sku: 'JSON-1',
        price: 10,
        quantity_stock: 1,
        iva_percentage: 0,
        share_facebook: false,
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sku: 'JSON-1', price: 10, iva_percentage: 0, photo_url: null });
  });

  it('deletes an article (admin only): gone from every list, SKU free again, the row kept', async () => {
    const all = await staffList();
    const target = all.find((a) => a.sku === 'NOR-1')!;
    // Deleting is the admin's (contracts/src/roles.ts): a staff user is refused with a detail.
    const refused = await api().delete(`/articles/${target.id}`).set(as(tokens.staff));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Operazione riservata agli amministratori' });
    const res = await api().delete(`/articles/${target.id}`).set(as(tokens.admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Articolo eliminato con successo!', id: target.id });
    const after = await staffList();
    expect(after.map((a) => a.id)).not.toContain(target.id);
    expect((await api().delete(`/articles/${target.id}`).set(as(tokens.admin))).status).toBe(404);
    expect((await post({ ...fields, sku: 'NOR-1' })).status).toBe(201);
    expect((await api().delete('/articles/not-a-uuid').set(as(tokens.admin))).status).toBe(422);
  });

  const stockOf = async (id: string) => (await staffList()).find((a) => a.id === id)!.quantity_stock;
  const moveStock = (id: string, body: object, token = tokens.staff) =>
    api().post(`/api/articles/${id}/stock`).set(as(token)).send(body);

  it('never writes back the stock a stale form was loaded with: stock moves by deltas', async () => {
    const created = AdminArticlePage.shape.items.element.parse(
      (await post({ ...fields, sku: 'STALE-1', quantity_stock: '5' })).body,
    );
    expect(created).toMatchObject({ quantity_stock: 5, low_stock_threshold: 2, version: 1 });
    // An order takes 2 (svc-orders' reservation moves the same column): 3 left.
    const orderId = '0d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
    const reservation = await api()
      .post('/internal/stock/reservations')
      .set(as(ordersToken))
      .send({ order_id: orderId, lines: [{ article_id: created.id, quantity: 2 }] });
    expect(reservation.status).toBeLessThan(300);
    expect(await stockOf(created.id)).toBe(3);
    // Staff edit the title with the form loaded before the order (stock 5 in it).
    const edit = await api()
      .put(`/api/articles/${created.id}`)
      .set(as(tokens.staff))
      .field({ ...fields, sku: 'STALE-1', title: 'Nuovo titolo', quantity_stock: '5', version: '1' });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ title: 'Nuovo titolo', quantity_stock: 3, version: 2 });
    expect(await stockOf(created.id)).toBe(3);
    // The order is cancelled: its 2 units come back, 5 on the shelf (not 7).
    expect(
      (await api().delete(`/internal/stock/reservations/${orderId}`).set(as(ordersToken))).status,
    ).toBeLessThan(300);
    expect(await stockOf(created.id)).toBe(5);

    // Goods received: +4, recorded with who and why.
    const moved = await moveStock(created.id, { delta: 4, reason: 'received', note: 'DDT 12' });
    expect(moved.status).toBe(201);
    expect(StockAdjusted.parse(moved.body)).toMatchObject({
      article: { quantity_stock: 9 },
      movement: { delta: 4, reason: 'received', note: 'DDT 12', stock_after: 9, username: 'commesso' },
    });
    const refused = await moveStock(created.id, { delta: -10, reason: 'damaged' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('stock_negative');
    expect(await stockOf(created.id)).toBe(9);
    for (const bad of [{ delta: 0, reason: 'received' }, { delta: 1.5, reason: 'received' }, { delta: 1 }])
      expect((await moveStock(created.id, bad)).status).toBe(422);
    const history = await api().get(`/api/articles/${created.id}/stock-movements`).set(as(tokens.staff));
    // The ledger, newest first: goods received, the order's units back, the order's sale, the opening stock.
    expect(
      StockMovementList.parse(history.body).map((m) => [m.delta, m.reason, m.channel, m.stock_after]),
    ).toEqual([
      [4, 'received', null, 9],
      [2, 'release', 'web', 5],
      [-2, 'sale', 'web', 3],
      [5, 'received', null, 5],
    ]);
    expect((await api().get(`/api/articles/${created.id}/stock`).set(as(tokens.staff))).status).toBe(405);
    expect(
      (await moveStock('6f1c1d9e-2b7a-4c61-9a53-0d5b8f6a1c11', { delta: 1, reason: 'received' })).status,
    ).toBe(404);
  });

  it('refuses an edit made on a version another user has changed since (409 stale_version)', async () => {
    const [article] = await staffList('/api/articles', { q: 'STALE-1' });
    const first = await api()
      .put(`/api/articles/${article!.id}`)
      .set(as(tokens.staff))
      .field({ ...fields, sku: 'STALE-1', title: 'Primo', version: String(article!.version) });
    expect(first.status).toBe(200);
    const second = await api()
      .put(`/api/articles/${article!.id}`)
      .set(as(tokens.admin))
      .field({ ...fields, sku: 'STALE-1', title: 'Secondo', version: String(article!.version) });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      detail: 'Articolo modificato da un altro utente: ricarica',
      code: 'stale_version',
    });
    expect((await staffList('/api/articles', { q: 'STALE-1' }))[0]!.title).toBe('Primo');
  });

  it('searches, filters, sorts and pages on the server, and counts for the tabs', async () => {
    await post({ ...fields, sku: 'LOW-1', title: 'Casco Leclerc', category: 'Caschi', quantity_stock: '1' });
    const bySku = await staffList('/api/articles', { q: 'low-1' });
    expect(bySku.map((a) => a.sku)).toEqual(['LOW-1']);
    const byTitle = await staffList('/api/articles', { q: 'leclerc' });
    expect(byTitle.map((a) => a.sku)).toEqual(['LOW-1']);
    expect((await staffList('/api/articles', { category: 'caschi' })).map((a) => a.sku)).toEqual(['LOW-1']);
    const low = await staffList('/api/articles', { low_stock: 'true' });
    expect(low.every((a) => a.quantity_stock <= a.low_stock_threshold)).toBe(true);
    expect(low.map((a) => a.sku)).toContain('LOW-1');
    const inactive = await staffList('/api/articles', { active: 'false' });
    expect(inactive.every((a) => !a.is_active)).toBe(true);
    const byStock = await staffList('/api/articles', { sort: 'stock', order: 'desc' });
    const stocks = byStock.map((a) => a.quantity_stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));

    const page = AdminArticlePage.parse(
      (
        await api()
          .get('/api/articles')
          .query({ page_size: '2', page: '2', sort: 'title' })
          .set(as(tokens.staff))
      ).body,
    );
    const all = await staffList('/api/articles', { sort: 'title' });
    expect(page.total).toBe(all.length);
    expect(page.items.map((a) => a.id)).toEqual(all.slice(2, 4).map((a) => a.id));
    expect((await api().get('/api/articles').query({ sort: 'colour' }).set(as(tokens.staff))).status).toBe(
      422,
    );

    const counts = AdminArticleCounts.parse(
      (await api().get('/api/admin/articles/counts').set(as(tokens.staff))).body,
    );
    expect(counts).toMatchObject({
      articles: all.length,
      prevendita: 1,
      prenotazione: 0,
      low_stock: low.length,
    });
  });

  it('toggles is_active from the list', async () => {
    const [article] = await staffList('/api/articles', { q: 'LOW-1' });
    const off = await api()
      .patch(`/api/articles/${article!.id}/active`)
      .set(as(tokens.staff))
      .send({ is_active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ is_active: false, version: article!.version + 1 });
    const publicList = ArticleList.parse((await api().get('/public/articles')).body);
    expect(publicList.map((a) => a.id)).not.toContain(article!.id);
    expect(
      (await api().patch(`/api/articles/${article!.id}/active`).set(as(tokens.staff)).send({})).status,
    ).toBe(422);
  });
});

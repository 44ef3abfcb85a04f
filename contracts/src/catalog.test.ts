import { ArticleForm, photoSrcSet } from './catalog';

const valid = {
  sku: ' F1-1 ',
  title: 'Ferrari',
  description: 'Modello',
  category: 'Modellismo',
  price: '12.50',
  iva_percentage: '22',
  quantity_stock: '3',
};

describe('ArticleForm', () => {
  it('reads multipart text fields into typed values', () => {
    const form = ArticleForm.parse({
      ...valid,
      share_whatsapp: 'true',
      weight: '',
      availability_date: '2027-01-01',
    });
    expect(form).toMatchObject({
      sku: 'F1-1',
      price: 12.5,
      iva_percentage: 22,
      quantity_stock: 3,
      product_type: 'normale',
      availability_date: null,
      weight: null,
      is_active: true,
      share_whatsapp: true,
      share_facebook: false,
    });
  });

  it.each([
    [{ sku: '   ' }, 'sku'],
    [{ price: '-1' }, 'price'],
    [{ price: '1.005' }, 'price'],
    [{ quantity_stock: '1.5' }, 'quantity_stock'],
    [{ iva_percentage: '21' }, 'iva_percentage'],
    [{ product_type: 'usato' }, 'product_type'],
    [{ product_type: 'prevendita' }, 'availability_date'],
    // A deposit only for a pre-sale, a whole percent of 0-100 (docs/product/orders-and-payments.md#deposits).
    [{ deposit_percent: '20' }, 'deposit_percent'],
    [
      { product_type: 'prevendita', availability_date: '2027-01-01', deposit_percent: '101' },
      'deposit_percent',
    ],
    [
      { product_type: 'prevendita', availability_date: '2027-01-01', deposit_percent: '12.5' },
      'deposit_percent',
    ],
  ])('refuses %j', (change, field) => {
    const result = ArticleForm.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('ArticleForm: release hour and per-buyer limit (docs/product/release-hour.md#fields)', () => {
  it('reads the form’s time as Rome’s wall clock, winter and summer, and keeps an ISO time as given', () => {
    expect(ArticleForm.parse({ ...valid, sale_starts_at: '2026-12-05T18:00' }).sale_starts_at).toBe(
      '2026-12-05T17:00:00.000Z',
    );
    expect(ArticleForm.parse({ ...valid, sale_starts_at: '2027-07-01T10:30' }).sale_starts_at).toBe(
      '2027-07-01T08:30:00.000Z',
    );
    expect(ArticleForm.parse({ ...valid, sale_starts_at: '2027-07-01T10:30:00+02:00' }).sale_starts_at).toBe(
      '2027-07-01T08:30:00.000Z',
    );
    expect(ArticleForm.parse({ ...valid, sale_starts_at: '' }).sale_starts_at).toBeNull();
  });

  it('gives a pre-sale 2 units per buyer when empty, other articles no limit, and keeps a typed limit', () => {
    const presale = { ...valid, product_type: 'prevendita', availability_date: '2027-01-17' };
    expect(ArticleForm.parse(presale).max_per_buyer).toBe(2);
    expect(ArticleForm.parse({ ...presale, max_per_buyer: '5' }).max_per_buyer).toBe(5);
    expect(ArticleForm.parse(valid).max_per_buyer).toBeNull();
    expect(ArticleForm.parse({ ...valid, max_per_buyer: '1' }).max_per_buyer).toBe(1);
  });

  it.each([
    [{ sale_starts_at: '05/12/2026 18:00' }, 'Data e ora di inizio vendita non valide (AAAA-MM-GG HH:MM)'],
    [{ sale_starts_at: '2026-02-30T18:00' }, 'Data e ora di inizio vendita non valide (AAAA-MM-GG HH:MM)'],
    [{ max_per_buyer: '0' }, 'Il limite per acquirente deve essere almeno 1'],
    [{ max_per_buyer: '1.5' }, 'Il limite per acquirente deve essere un numero intero'],
  ])('refuses %j with a readable message', (change, message) => {
    const result = ArticleForm.safeParse({ ...valid, ...change });
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('ArticleForm deposit', () => {
  it('keeps a pre-sale’s deposit percent and gives every other article none', () => {
    const presale = { ...valid, product_type: 'prevendita', availability_date: '2027-01-01' };
    expect(ArticleForm.parse({ ...presale, deposit_percent: '20' }).deposit_percent).toBe(20);
    expect(ArticleForm.parse(presale).deposit_percent).toBe(0);
    expect(ArticleForm.parse(valid).deposit_percent).toBe(0);
  });
});

describe('photoSrcSet', () => {
  it('lists every stored width of a sized photo', () => {
    expect(photoSrcSet('http://x/', '/media/articles/ab12-400.webp')).toBe(
      'http://x/media/articles/ab12-400.webp 400w, http://x/media/articles/ab12-800.webp 800w',
    );
  });
  it('is null for a photo stored in one size', () => {
    expect(photoSrcSet('http://x', '/media/articles/demo-f1.webp')).toBeNull();
    expect(photoSrcSet('http://x', null)).toBeNull();
  });
});

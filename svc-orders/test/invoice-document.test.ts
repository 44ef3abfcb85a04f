import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { DEMO_SHOP_FISCAL, type ShopFiscal } from '../src/invoices/shop-fiscal';
import { priceLines, spreadRefund, needsStampDuty, type FiscalDocument } from '../src/invoices/document';
import { fatturaPaXml, latin, progressivoInvio } from '../src/invoices/fatturapa';

const dir = path.join(__dirname, 'fatturapa');
const file = (name: string) => ({ fileName: name, contents: readFileSync(path.join(dir, name), 'utf8') });

async function valid(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: 'doc.xml', contents: xml }],
    schema: [file('Schema_VFPR12_v1.2.2.xsd')],
    preload: [file('xmldsig-core-schema.xsd')],
  });
  return result.errors.map((e) => e.rawMessage);
}

const shop: ShopFiscal = { ...DEMO_SHOP_FISCAL, name: 'Edicola “Partenopea” – Napoli €', demo: false };

function doc(overrides: Partial<FiscalDocument>): FiscalDocument {
  const priced = priceLines([{ description: 'Album Panini', quantity: 1, grossCents: 1220, rate: 22 }]);
  return {
    type: 'TD01',
    number: '7/2026',
    date: '2026-03-05',
    shop,
    buyer: {
      type: 'privato',
      name: 'Anna Esposito',
      person: null,
      codiceFiscale: 'RSSMRA85T10A562S',
      piva: null,
      sdi: null,
      pec: null,
      address: 'Via Toledo 256',
      cap: '80132',
      city: 'Napoli',
      province: 'NA',
      country: 'IT',
    },
    ...priced,
    stampDuty: false,
    related: null,
    reason: null,
    orderReference: 'ORD-12345678',
    paymentMethod: 'card',
    ...overrides,
  };
}

describe('invoice arithmetic and FatturaPA rendering', () => {
  it('splits VAT-included prices per rate so lines, summary and total agree to the cent', () => {
    // 3 × 10,00 € at 22 %: the scorporo of 30,00 is 24,59 + 5,41, lines carry the rounding cent.
    const { lines, summary, totalCents } = priceLines([
      { description: 'A', quantity: 3, grossCents: 3000, rate: 22 },
      { description: 'B', quantity: 7, grossCents: 7 * 333, rate: 22 },
      { description: 'C', quantity: 1, grossCents: 2599, rate: 4 },
      { description: 'D', quantity: 2, grossCents: 9000, rate: 0 },
    ]);
    expect(totalCents).toBe(3000 + 2331 + 2599 + 9000);
    for (const s of summary) {
      const ofRate = lines.filter((l) => l.rate === s.rate);
      expect(ofRate.reduce((sum, l) => sum + l.netCents, 0)).toBe(s.taxableCents);
      expect(Math.abs(s.taxCents - Math.round((s.taxableCents * s.rate) / 100))).toBeLessThanOrEqual(1);
      for (const l of ofRate)
        expect(Math.abs(Number(l.unitNet) * l.quantity * 100 - l.netCents)).toBeLessThan(1);
    }
    expect(summary.reduce((sum, s) => sum + s.taxableCents + s.taxCents, 0)).toBe(totalCents);
    expect(summary.find((s) => s.rate === 0)).toMatchObject({
      natura: 'N2.2',
      taxCents: 0,
      taxableCents: 9000,
    });
    expect(needsStampDuty(summary)).toBe(true);
    expect(
      needsStampDuty(priceLines([{ description: 'E', quantity: 1, grossCents: 7747, rate: 0 }]).summary),
    ).toBe(false);
  });

  it('spreads a refund over the rates in proportion, to the cent', () => {
    const { summary } = priceLines([
      { description: 'A', quantity: 1, grossCents: 3000, rate: 22 },
      { description: 'B', quantity: 1, grossCents: 1000, rate: 0 },
    ]);
    const shares = spreadRefund(summary, 1001);
    expect(shares).toEqual([
      { rate: 22, grossCents: 751 },
      { rate: 0, grossCents: 250 },
    ]);
  });

  it('keeps text within Latin-1 and the schema lengths', () => {
    expect(latin('Edicola “Partenopea” – Napoli €', 80)).toBe('Edicola "Partenopea" - Napoli EUR');
    expect(latin('Łódź ✓ 東京 cœur', 80)).toBe('Lódz ? ?? coeur');
    expect(latin('a'.repeat(120), 100)).toHaveLength(100);
    expect(latin('   ', 10)).toBe('-');
    expect(progressivoInvio('123456789/2026')).toMatch(/^[0-9A-Z]{1,10}$/);
  });

  it('validates a foreign buyer (XXXXXXX, CAP 00000) and a credit note with mixed rates and stamp duty', async () => {
    const foreign = fatturaPaXml(
      doc({
        buyer: {
          type: 'azienda',
          name: 'Librairie Parisienne SARL',
          person: null,
          codiceFiscale: null,
          piva: 'FR12345678901',
          sdi: null,
          pec: null,
          address: 'Rue de Rivoli 10',
          cap: '75001',
          city: 'Paris',
          province: null,
          country: 'FR',
        },
      }),
    );
    expect(await valid(foreign)).toEqual([]);
    expect(foreign).toContain('<CodiceDestinatario>XXXXXXX</CodiceDestinatario>');
    expect(foreign).toContain('<CAP>00000</CAP>');
    expect(foreign).toContain('<Denominazione>Edicola "Partenopea" - Napoli EUR</Denominazione>');

    const priced = priceLines([
      { description: 'Rimborso', quantity: 1, grossCents: 9000, rate: 0 },
      { description: 'Rimborso', quantity: 1, grossCents: 1234, rate: 22 },
      { description: 'Rimborso', quantity: 1, grossCents: 555, rate: 5 },
    ]);
    const note = fatturaPaXml(
      doc({
        type: 'TD04',
        number: '8/2026',
        ...priced,
        stampDuty: needsStampDuty(priced.summary),
        related: { number: '7/2026', date: '2026-03-05' },
        reason: 'Rimborso parziale',
      }),
    );
    expect(await valid(note)).toEqual([]);
    expect(note).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(note).toContain('<ImportoBollo>2.00</ImportoBollo>');
    expect(note).not.toContain('DatiPagamento');
  });
});

import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { amount2, STAMP_DUTY_CENTS, type Buyer, type FiscalDocument } from './document';

/*
 * FatturaPA 1.2 (FPR12) of an invoice or credit note: the file the shop hands to the SdI (through its channel or
 * intermediary, out of the shop's scope). Element order follows Schema_VFPR12; text goes through `latin()` because
 * the schema's strings admit Basic Latin and Latin-1 only.
 */

const NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

const REPLACEMENTS: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2026': '...',
  '\u20AC': 'EUR',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0152': 'OE',
  '\u0153': 'oe',
};

/** Text the schema admits: Latin-1, single spaces, at most `max` characters (and never empty). */
export function latin(text: string, max: number, fallback = '-'): string {
  const mapped = [...text.normalize('NFC')]
    .map((c) => REPLACEMENTS[c] ?? c)
    .join('')
    .normalize('NFC');
  const kept = [...mapped]
    .map((c) => (c.charCodeAt(0) <= 0xff ? c : (c.normalize('NFD')[0] ?? '?')))
    .map((c) => (c.charCodeAt(0) <= 0xff ? c : '?'))
    .map((c) => (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = kept.slice(0, max).trim();
  return cut === '' ? fallback : cut;
}

const rate = (value: number) => value.toFixed(2);

/** ModalitaPagamento: MP05 bank transfer, MP08 payment card (card, Klarna and PayPal are paid by card or wallet). */
const paymentMode = (method: string) => (method === 'transfer' ? 'MP05' : 'MP08');

/**
 * A short alphanumeric id of the sending, unique per document and sending: the year's last two digits and the
 * number in base 36; a document sent again after the SdI rejected it (docs/decisions/0063) starts with a letter
 * (B the second sending, C the third...), which no first sending does, since the SdI refuses a file name it had.
 */
export function progressivoInvio(number: string, sending = 1): string {
  const [seq, year] = number.split('/');
  const again = sending > 1 ? String.fromCharCode(64 + Math.min(sending, 26)) : '';
  return `${again}${Number(year) % 100}${Number(seq).toString(36).toUpperCase()}`.slice(0, 10);
}

/** The file name the SdI expects: IT, the sender's code, '_', the progressive. */
export function fatturaPaFileName(doc: FiscalDocument, sending = 1): string {
  return `IT${doc.shop.taxCode}_${progressivoInvio(doc.number, sending)}.xml`;
}

function address(
  parent: XMLBuilder,
  a: { address: string; cap: string; city: string; province: string | null; country: string },
) {
  const sede = parent.ele('Sede');
  sede.ele('Indirizzo').txt(latin(a.address, 60));
  sede.ele('CAP').txt(a.country === 'IT' ? a.cap : '00000');
  sede.ele('Comune').txt(latin(a.city, 60));
  if (a.province && /^[A-Z]{2}$/.test(a.province)) sede.ele('Provincia').txt(a.province);
  sede.ele('Nazione').txt(a.country);
}

function buyerParty(parent: XMLBuilder, buyer: Buyer) {
  const party = parent.ele('CessionarioCommittente');
  const anagrafici = party.ele('DatiAnagrafici');
  if (buyer.piva) {
    const id = anagrafici.ele('IdFiscaleIVA');
    id.ele('IdPaese').txt(buyer.country === 'IT' ? 'IT' : buyer.country);
    id.ele('IdCodice').txt(buyer.piva);
  }
  if (buyer.codiceFiscale) anagrafici.ele('CodiceFiscale').txt(buyer.codiceFiscale.toUpperCase());
  const anagrafica = anagrafici.ele('Anagrafica');
  // A person: their account's names, else the order's name split at its first space.
  const parts = buyer.name.trim().split(/\s+/);
  const person =
    buyer.person ?? (parts.length >= 2 ? { nome: parts[0]!, cognome: parts.slice(1).join(' ') } : null);
  if (buyer.type === 'privato' && person) {
    anagrafica.ele('Nome').txt(latin(person.nome, 60));
    anagrafica.ele('Cognome').txt(latin(person.cognome, 60));
  } else {
    anagrafica.ele('Denominazione').txt(latin(buyer.name, 80));
  }
  address(party, buyer);
}

/** Who receives the file: a foreign buyer XXXXXXX; a company's SDI code, or 0000000 with its PEC; a person 0000000. */
function recipient(buyer: Buyer): { code: string; pec: string | null } {
  if (buyer.country !== 'IT') return { code: 'XXXXXXX', pec: null };
  if (buyer.type === 'azienda' && buyer.sdi) return { code: buyer.sdi.toUpperCase(), pec: null };
  if (buyer.type === 'azienda' && buyer.pec) return { code: '0000000', pec: buyer.pec };
  return { code: '0000000', pec: null };
}

/**
 * The FatturaPA XML (FPR12) of an invoice (TD01), a deposit invoice (TD02) or a credit note (TD04), for its
 * `sending`th sending.
 */
export function fatturaPaXml(doc: FiscalDocument, sending = 1): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NAMESPACE, 'p:FatturaElettronica', {
    versione: 'FPR12',
    'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  });
  const header = root.ele('FatturaElettronicaHeader');
  const transmission = header.ele('DatiTrasmissione');
  const sender = transmission.ele('IdTrasmittente');
  sender.ele('IdPaese').txt('IT');
  sender.ele('IdCodice').txt(doc.shop.taxCode);
  transmission.ele('ProgressivoInvio').txt(progressivoInvio(doc.number, sending));
  transmission.ele('FormatoTrasmissione').txt('FPR12');
  const to = recipient(doc.buyer);
  transmission.ele('CodiceDestinatario').txt(to.code);
  if (to.pec) transmission.ele('PECDestinatario').txt(to.pec);

  const seller = header.ele('CedentePrestatore');
  const sellerData = seller.ele('DatiAnagrafici');
  const vat = sellerData.ele('IdFiscaleIVA');
  vat.ele('IdPaese').txt('IT');
  vat.ele('IdCodice').txt(doc.shop.vatNumber);
  sellerData.ele('CodiceFiscale').txt(doc.shop.taxCode);
  sellerData.ele('Anagrafica').ele('Denominazione').txt(latin(doc.shop.name, 80));
  sellerData.ele('RegimeFiscale').txt(doc.shop.regime);
  address(seller, { ...doc.shop, country: 'IT' });
  buyerParty(header, doc.buyer);

  const body = root.ele('FatturaElettronicaBody');
  const general = body.ele('DatiGenerali');
  const document = general.ele('DatiGeneraliDocumento');
  document.ele('TipoDocumento').txt(doc.type);
  document.ele('Divisa').txt('EUR');
  document.ele('Data').txt(doc.date);
  document.ele('Numero').txt(doc.number);
  if (doc.stampDuty) {
    const stamp = document.ele('DatiBollo');
    stamp.ele('BolloVirtuale').txt('SI');
    stamp.ele('ImportoBollo').txt(amount2(STAMP_DUTY_CENTS));
  }
  document.ele('ImportoTotaleDocumento').txt(amount2(doc.totalCents));
  const causale = [
    doc.shop.demo ? 'DOCUMENTO DIMOSTRATIVO, PRIVO DI VALORE FISCALE' : null,
    doc.type === 'TD04' && doc.related
      ? `Nota di credito relativa alla fattura n. ${doc.related.number} del ${doc.related.date}: ${doc.reason ?? ''}`
      : doc.type === 'TD02'
        ? `Fattura di acconto dell'ordine ${doc.orderReference}`
        : `Ordine ${doc.orderReference}`,
  ].filter((c): c is string => c !== null);
  for (const text of causale) document.ele('Causale').txt(latin(text, 200));
  if (doc.related) {
    const related = general.ele('DatiFattureCollegate');
    related.ele('IdDocumento').txt(doc.related.number);
    related.ele('Data').txt(doc.related.date);
  }

  const goods = body.ele('DatiBeniServizi');
  doc.lines.forEach((line, index) => {
    const el = goods.ele('DettaglioLinee');
    el.ele('NumeroLinea').txt(String(index + 1));
    el.ele('Descrizione').txt(latin(line.description, 1000));
    el.ele('Quantita').txt(line.quantity.toFixed(2));
    el.ele('PrezzoUnitario').txt(line.unitNet);
    el.ele('PrezzoTotale').txt(amount2(line.netCents));
    el.ele('AliquotaIVA').txt(rate(line.rate));
    if (line.natura) el.ele('Natura').txt(line.natura);
  });
  for (const s of doc.summary) {
    const el = goods.ele('DatiRiepilogo');
    el.ele('AliquotaIVA').txt(rate(s.rate));
    if (s.natura) el.ele('Natura').txt(s.natura);
    el.ele('ImponibileImporto').txt(amount2(s.taxableCents));
    el.ele('Imposta').txt(amount2(s.taxCents));
    if (!s.natura) el.ele('EsigibilitaIVA').txt('I');
    if (s.reference) el.ele('RiferimentoNormativo').txt(latin(s.reference, 100));
  }

  if (doc.type === 'TD01' || doc.type === 'TD02') {
    const payment = body.ele('DatiPagamento');
    payment.ele('CondizioniPagamento').txt('TP02');
    // A gift card is a multi-purpose voucher already paid for: its part is MP22 (trattenuta su somme già riscosse)
    // and the total stays the goods' (docs/decisions/0059-gift-cards.md).
    const card = doc.giftCardCents ?? 0;
    if (card > 0) {
      const voucher = payment.ele('DettaglioPagamento');
      voucher.ele('ModalitaPagamento').txt('MP22');
      voucher.ele('ImportoPagamento').txt(amount2(card));
    }
    if (doc.totalCents - card > 0) {
      const detail = payment.ele('DettaglioPagamento');
      detail.ele('ModalitaPagamento').txt(paymentMode(doc.paymentMethod));
      detail.ele('ImportoPagamento').txt(amount2(doc.totalCents - card));
    }
  }
  return root.end({ prettyPrint: true });
}

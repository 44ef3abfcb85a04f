import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import {
  isValidCompanyCodiceFiscale,
  isValidPartitaIva,
  isValidPersonCodiceFiscale,
  type SdiDemoScript,
} from '@edicola/contracts';
import type { SdiNotification } from '../../sdi/intermediary-client';

/**
 * A fake of the SdI intermediary's API (the calls of ../../sdi/intermediary-client.ts, as that client describes
 * them) with the SdI behind it, for demo mode (in this process, on 127.0.0.1:0) and the tests. It checks the
 * `Authorization: Bearer <key>` header, refuses a file name it already has (409, as the SdI does), and answers each
 * file with the SdI's receipts after `receiptAfterMs`:
 * - NS (scarto) 00001 for a file name the SdI would refuse, 00305 / 00306 for a buyer's P.IVA or codice fiscale
 *   that fails its check, 00404 for a number and date already delivered for this seller;
 * - MC (mancata consegna) for CodiceDestinatario 0000000 without a PEC: a consumer, whose invoice goes to their
 *   reserved area (valid all the same);
 * - RC (consegna) otherwise;
 * - or what `scriptNext` told it for the next file (NE: an RC, then the public administration's EC01 / EC02).
 * `setDown` makes it answer 503 (the intermediary down). Its state lives in memory.
 */

export interface FakeSdiFile {
  id: string;
  file_name: string;
  xml: string;
  received_at: number;
  notifications: (SdiNotification & { visible_at: number })[];
}

export interface FakeSdi {
  listen(): Promise<{ apiBase: string; close(): Promise<void> }>;
  files(): FakeSdiFile[];
  setDown(down: boolean): void;
  scriptNext(script: SdiDemoScript): void;
  /** How many POSTs it received (refused ones included). */
  readonly received: number;
}

const FILE_NAME = /^IT[0-9A-Z]{11,16}_[0-9A-Za-z]{1,10}\.xml$/;

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

/** The SdI's checks of a file this fake makes: a rejection's code and text, or null. */
function rejection(
  fileName: string,
  xml: string,
  delivered: Set<string>,
): { code: string; text: string } | null {
  if (!FILE_NAME.test(fileName)) {
    return { code: '00001', text: 'Nome file non valido' };
  }
  const buyer = /<CessionarioCommittente>([\s\S]*?)<\/CessionarioCommittente>/.exec(xml)?.[1] ?? '';
  const vat = /<IdFiscaleIVA>\s*<IdPaese>IT<\/IdPaese>\s*<IdCodice>([^<]*)<\/IdCodice>/.exec(buyer)?.[1];
  if (vat && !isValidPartitaIva(vat)) {
    return {
      code: '00305',
      text: `1.4.1.1.2 <IdCodice> non valido : ${vat} (la partita IVA del cessionario/committente non esiste)`,
    };
  }
  const cf = tag(buyer, 'CodiceFiscale');
  if (cf && !(cf.length === 16 ? isValidPersonCodiceFiscale(cf) : isValidCompanyCodiceFiscale(cf))) {
    return {
      code: '00306',
      text: `1.4.1.2 <CodiceFiscale> non valido : ${cf} (il codice fiscale del cessionario/committente non esiste)`,
    };
  }
  const key = `${tag(xml, 'Numero')}|${tag(xml, 'Data')}`;
  if (delivered.has(key)) {
    return { code: '00404', text: 'Fattura duplicata (stesso numero e data già consegnati)' };
  }
  return null;
}

export function createFakeSdi(options: { apiKey: string; receiptAfterMs?: number }): FakeSdi {
  const after = options.receiptAfterMs ?? 1500;
  const files: FakeSdiFile[] = [];
  const delivered = new Set<string>();
  const scripts: SdiDemoScript[] = [];
  let down = false;
  let received = 0;
  let sdiSeq = 1_000_000;

  const app = express();
  app.use(express.json({ limit: '5mb' }));
  app.use((req: Request, res: Response, next) => {
    if (req.get('authorization') !== `Bearer ${options.apiKey}`) {
      res.status(401).json({ code: 'unauthorized', message: 'Credenziali non valide' });
      return;
    }
    if (req.method === 'POST') received += 1;
    if (down) {
      res.status(503).json({ code: 'unavailable', message: 'Servizio temporaneamente non disponibile' });
      return;
    }
    next();
  });

  app.post('/v1/invoices', (req: Request, res: Response) => {
    const body = req.body as { file_name?: unknown; file?: unknown };
    if (typeof body.file_name !== 'string' || typeof body.file !== 'string') {
      res.status(422).json({ code: 'invalid', message: 'file_name e file obbligatori' });
      return;
    }
    const existing = files.find((f) => f.file_name === body.file_name);
    if (existing) {
      res.status(409).json({ id: existing.id, file_name: existing.file_name });
      return;
    }
    const xml = Buffer.from(body.file, 'base64').toString('utf8');
    const now = Date.now();
    const file: FakeSdiFile = {
      id: `sdi-file-${files.length + 1}`,
      file_name: body.file_name,
      xml,
      received_at: now,
      notifications: [],
    };
    sdiSeq += 1;
    const base = {
      sdi_id: String(sdiSeq),
      received_at: new Date(now + after).toISOString(),
      visible_at: now + after,
    };
    const receipt = (type: SdiNotification['type'], extra: Partial<SdiNotification> = {}) =>
      file.notifications.push({ ...base, id: `${file.id}-${type}`, type, ...extra });
    const script = scripts.shift();
    const refused = script ? null : rejection(body.file_name, xml, delivered);
    const key = `${tag(xml, 'Numero')}|${tag(xml, 'Data')}`;
    if (script?.receipt === 'NS' || refused) {
      const error = refused ?? {
        code: script?.code ?? '00200',
        text: script?.text ?? 'File non conforme al formato',
      };
      receipt('NS', { errors: [{ code: error.code, description: error.text }] });
    } else if (
      script?.receipt === 'MC' ||
      (!script && /<CodiceDestinatario>0000000</.test(xml) && !/<PECDestinatario>/.test(xml))
    ) {
      delivered.add(key);
      receipt('MC', { description: 'Fattura messa a disposizione nell’area riservata del destinatario' });
    } else {
      delivered.add(key);
      receipt('RC');
      if (script?.receipt === 'NE') {
        receipt('NE', {
          outcome: script.code === 'EC02' ? 'EC02' : 'EC01',
          description: script.text ?? null,
        });
      }
    }
    files.push(file);
    res.status(201).json({ id: file.id, file_name: file.file_name });
  });

  app.get('/v1/invoices/:id/notifications', (req: Request, res: Response) => {
    const file = files.find((f) => f.id === req.params.id);
    if (!file) {
      res.status(404).json({ code: 'not_found', message: 'File non trovato' });
      return;
    }
    const now = Date.now();
    res.json({
      notifications: file.notifications
        .filter((n) => n.visible_at <= now)
        .map(({ visible_at: _hidden, ...n }) => n),
    });
  });

  return {
    get received() {
      return received;
    },
    files: () => files,
    setDown(value) {
      down = value;
    },
    scriptNext(script) {
      scripts.push(script);
    },
    listen() {
      return new Promise((resolve, reject) => {
        const server: Server = app.listen(0, '127.0.0.1', (error?: Error) => {
          if (error) return reject(error);
          // A stand-in at the network edge never keeps its process alive.
          server.unref();
          const { port } = server.address() as AddressInfo;
          resolve({
            apiBase: `http://127.0.0.1:${port}/v1/`,
            close: () => new Promise<void>((done) => server.close(() => done())),
          });
        });
      });
    },
  };
}

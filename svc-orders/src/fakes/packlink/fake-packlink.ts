import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import PDFDocument from 'pdfkit';

/**
 * A fake of Packlink PRO's API (the calls of ../../shipments/packlink-client.ts, as that client describes
 * them),
 * for demo mode (in this process, on 127.0.0.1:0) and the tests. It checks the `Authorization: <key>` header,
 * answers Packlink's error shape `{"messages":[{"message"}]}`, quotes three Italian carriers by weight, creates
 * drafts (AWAITING_COMPLETION) that become ready (READY_TO_PRINT, with a tracking number and a PDF label marked
 * DEMO) after `readyAfterMs` or when `makeReady` is called, moves them on with `advance` and sends Packlink's
 * callbacks `{event, datetime, data: {shipment_reference, shipment_custom_reference}}` (unsigned, as Packlink's).
 * Its state lives in memory.
 */

export type FakePacklinkState =
  'AWAITING_COMPLETION' | 'READY_TO_PRINT' | 'IN_TRANSIT' | 'DELIVERED' | 'CANCELED';

export interface FakePacklinkShipment {
  reference: string;
  custom_reference: string | null;
  service_id: string;
  carrier: string;
  service: string;
  price: number;
  state: FakePacklinkState;
  tracking: string | null;
  to_zip: string;
  content: string;
  created_at: string;
  history: { timestamp: number; description: string; city: string }[];
}

export interface FakePacklinkOptions {
  apiKey: string;
  /** Receives each callback's JSON body; when absent they are posted to the URL registered with POST shipments/callback. */
  deliverCallback?: (body: string) => Promise<void>;
  /** A draft becomes ready on its own after this long; null: only through makeReady (the tests). */
  readyAfterMs?: number | null;
}

export interface FakePacklink {
  app: express.Express;
  /** Listens on loopback; `url` is the server's origin, Packlink's API is under `${url}/v1/`. */
  listen(): Promise<{ url: string; apiBase: string; close(): Promise<void> }>;
  shipments(): FakePacklinkShipment[];
  /** Every service id quoted so far is valid; these three always are. */
  readonly serviceIds: readonly string[];
  /** The draft is completed and paid: label and tracking number appear, `shipment.label.ready` and tracking are sent. */
  makeReady(reference: string): void;
  /** The carrier moves the parcel on: READY_TO_PRINT → IN_TRANSIT → DELIVERED, with its callback. */
  advance(reference: string): FakePacklinkState;
  /** Sends one callback as Packlink would (tests also forge their own). */
  sendCallback(event: string, reference: string): void;
  /** Resolves when every callback sent so far was delivered (or given up). */
  settled(): Promise<void>;
  stop(): void;
}

const SERVICES = [
  { id: '20945', carrier_name: 'BRT', name: 'Espresso', base: 6.9, per_kg: 0.8, hours: 24 },
  { id: '20311', carrier_name: 'GLS', name: 'Business Parcel', base: 7.5, per_kg: 0.6, hours: 48 },
  { id: '21670', carrier_name: 'Poste Italiane', name: 'Crono', base: 5.9, per_kg: 1.1, hours: 72 },
] as const;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A small PDF label marked DEMO: it cannot be used to ship anything. */
export function demoLabelPdf(shipment: FakePacklinkShipment): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [288, 432], margin: 18, info: { Title: 'DEMO label' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(40).fillColor('#c00000').text('DEMO', { align: 'center' });
    doc.fontSize(9).fillColor('#000000').text('Etichetta dimostrativa: non valida per la spedizione', {
      align: 'center',
    });
    doc.moveDown();
    doc.fontSize(14).text(`${shipment.carrier} · ${shipment.service}`);
    doc.fontSize(11).text(`Spedizione ${shipment.reference}`);
    doc.text(`Tracking ${shipment.tracking ?? '-'}`);
    doc.text(`CAP destinatario ${shipment.to_zip}`);
    if (shipment.custom_reference) doc.text(`Rif. ${shipment.custom_reference}`);
    doc.end();
  });
}

function packlinkError(res: Response, status: number, message: string) {
  res.status(status).json({ messages: [{ message }] });
}

export function createFakePacklink(options: FakePacklinkOptions): FakePacklink {
  const shipments = new Map<string, FakePacklinkShipment>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let callbackUrl: string | null = null;
  let sequence = 0;
  let stopped = false;

  const readyAfterMs = options.readyAfterMs === undefined ? 3000 : options.readyAfterMs;

  function deliver(body: string): Promise<void> {
    if (options.deliverCallback) return options.deliverCallback(body);
    if (!callbackUrl) return Promise.resolve();
    return fetch(callbackUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    }).then((response) => {
      if (!response.ok) throw new Error(`callback answered ${response.status}`);
    });
  }

  function sendCallback(event: string, reference: string) {
    const shipment = shipments.get(reference);
    const body = JSON.stringify({
      event,
      datetime: new Date().toISOString(),
      data: {
        shipment_reference: reference,
        shipment_custom_reference: shipment?.custom_reference ?? null,
      },
    });
    // Packlink retries a failed callback a few times.
    const attempt = async () => {
      for (const delay of [0, 100, 500]) {
        if (stopped) return;
        if (delay) await new Promise((r) => setTimeout(r, delay).unref());
        try {
          return await deliver(body);
        } catch {
          // tried again below
        }
      }
    };
    const delivery = attempt().finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  }

  function find(reference: string): FakePacklinkShipment {
    const shipment = shipments.get(reference);
    if (!shipment) throw new Error(`no Packlink shipment ${reference}`);
    return shipment;
  }

  function makeReady(reference: string) {
    const shipment = find(reference);
    if (shipment.state !== 'AWAITING_COMPLETION') return;
    shipment.state = 'READY_TO_PRINT';
    shipment.tracking = `DEMO${String(randomInt(10 ** 9)).padStart(9, '0')}IT`;
    shipment.history.push({ timestamp: Date.now(), description: 'Etichetta pronta', city: 'Roma' });
    sendCallback('shipment.carrier.success', reference);
    sendCallback('shipment.label.ready', reference);
    sendCallback('shipment.tracking.update', reference);
  }

  function advance(reference: string): FakePacklinkState {
    const shipment = find(reference);
    if (shipment.state === 'AWAITING_COMPLETION') makeReady(reference);
    if (shipment.state === 'READY_TO_PRINT') {
      shipment.state = 'IN_TRANSIT';
      shipment.history.push({ timestamp: Date.now(), description: 'In transito', city: 'Bologna' });
      sendCallback('shipment.tracking.update', reference);
    } else if (shipment.state === 'IN_TRANSIT') {
      shipment.state = 'DELIVERED';
      shipment.history.push({ timestamp: Date.now(), description: 'Consegnata', city: 'Napoli' });
      sendCallback('shipment.delivered', reference);
    }
    return shipment.state;
  }

  const app = express();
  app.disable('x-powered-by');
  // Labels are served at addresses of their own, without the key (as Packlink's storage does).
  app.get('/labels/:reference.pdf', async (req, res) => {
    const shipment = shipments.get(String(req.params.reference));
    if (!shipment || shipment.state === 'AWAITING_COMPLETION') {
      return void res.status(404).send('Not found');
    }
    res.type('application/pdf').send(await demoLabelPdf(shipment));
  });
  app.use('/v1', (req, res, next) => {
    if (req.get('authorization') !== options.apiKey) {
      return void packlinkError(res, 401, 'Unauthorized: invalid API key');
    }
    next();
  });
  app.use('/v1', express.json({ limit: '1mb' }));

  app.get('/v1/services', (req: Request, res) => {
    const q = req.query as Record<string, string | undefined>;
    for (const key of ['from[country]', 'from[zip]', 'to[country]', 'to[zip]']) {
      if (!q[key]) return void packlinkError(res, 400, `Missing parameter ${key}`);
    }
    let weight = 0;
    for (let i = 0; q[`packages[${i}][weight]`] !== undefined; i++) {
      const values = ['weight', 'length', 'width', 'height'].map((f) => Number(q[`packages[${i}][${f}]`]));
      if (values.some((v) => !Number.isFinite(v) || v <= 0)) {
        return void packlinkError(res, 400, `Invalid package ${i}`);
      }
      if (values.slice(1).some((v) => !Number.isInteger(v))) {
        return void packlinkError(res, 400, `Package ${i}: dimensions must be whole centimetres`);
      }
      weight += values[0]!;
    }
    if (weight === 0) return void packlinkError(res, 400, 'At least one package is required');
    const abroad = q['to[country]'] !== q['from[country]'];
    const now = Date.now();
    res.json(
      SERVICES.map((s) => {
        const total = round2((s.base + s.per_kg * Math.ceil(weight)) * (abroad ? 2.5 : 1));
        const base = round2(total / 1.22);
        return {
          id: Number(s.id),
          carrier_name: s.carrier_name,
          name: s.name,
          price: { total_price: total, base_price: base, tax_price: round2(total - base) },
          currency: 'EUR',
          transit_time: `${s.hours / 24} DAYS`,
          transit_hours: String(s.hours),
          delivery_to_parcelshop: false,
          first_estimated_delivery_date: new Date(now + s.hours * 3600_000).toISOString().slice(0, 10),
        };
      }),
    );
  });

  app.post('/v1/shipments/callback', (req, res) => {
    const url = (req.body as { url?: unknown } | undefined)?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      return void packlinkError(res, 400, 'Invalid callback url');
    }
    callbackUrl = url;
    res.json({ callback_url: url });
  });

  app.post('/v1/shipments', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const service = SERVICES.find((s) => s.id === String(body.service_id));
    if (!service) return void packlinkError(res, 400, 'Service not found');
    const to = body.to as Record<string, unknown> | undefined;
    const from = body.from as Record<string, unknown> | undefined;
    for (const [name, address] of [
      ['from', from],
      ['to', to],
    ] as const) {
      for (const field of ['name', 'street1', 'zip_code', 'city', 'country']) {
        if (typeof address?.[field] !== 'string' || !String(address[field]).trim()) {
          return void packlinkError(res, 400, `${name}.${field} is required`);
        }
      }
    }
    const packages = body.packages as Record<string, unknown>[] | undefined;
    if (!Array.isArray(packages) || packages.length === 0) {
      return void packlinkError(res, 400, 'packages are required');
    }
    if (typeof body.content !== 'string' || body.content.length > 60) {
      return void packlinkError(res, 400, 'content is required (60 characters at most)');
    }
    sequence += 1;
    const year = new Date().getFullYear();
    const reference = `IT${year}PRO${String(sequence).padStart(4, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`;
    const weight = packages.reduce((sum, p) => sum + Number(p.weight ?? 0), 0);
    const shipment: FakePacklinkShipment = {
      reference,
      custom_reference:
        typeof body.shipment_custom_reference === 'string' ? body.shipment_custom_reference : null,
      service_id: service.id,
      carrier: service.carrier_name,
      service: service.name,
      price: round2(service.base + service.per_kg * Math.ceil(weight)),
      state: 'AWAITING_COMPLETION',
      tracking: null,
      to_zip: String(to!.zip_code),
      content: body.content,
      created_at: new Date().toISOString(),
      history: [],
    };
    shipments.set(reference, shipment);
    if (readyAfterMs !== null) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopped) makeReady(reference);
      }, readyAfterMs);
      timer.unref();
      timers.add(timer);
    }
    res.json({ reference });
  });

  app.get('/v1/shipments/:reference', (req, res) => {
    const shipment = shipments.get(String(req.params.reference));
    if (!shipment) return void packlinkError(res, 404, 'Shipment not found');
    const base = `${req.protocol}://${req.get('host')}`;
    res.json({
      reference: shipment.reference,
      shipment_custom_reference: shipment.custom_reference,
      state: shipment.state,
      carrier: shipment.carrier,
      service: shipment.service,
      service_id: Number(shipment.service_id),
      content: shipment.content,
      trackings: shipment.tracking ? [shipment.tracking] : [],
      tracking_url: shipment.tracking ? `${base}/tracking/${shipment.tracking}` : null,
      price: { total_price: shipment.price, currency: 'EUR' },
      created_at: shipment.created_at,
    });
  });

  app.get('/v1/shipments/:reference/labels', (req, res) => {
    const shipment = shipments.get(String(req.params.reference));
    if (!shipment) return void packlinkError(res, 404, 'Shipment not found');
    const base = `${req.protocol}://${req.get('host')}`;
    res.json(shipment.state === 'AWAITING_COMPLETION' ? [] : [`${base}/labels/${shipment.reference}.pdf`]);
  });

  app.get('/v1/shipments/:reference/track', (req, res) => {
    const shipment = shipments.get(String(req.params.reference));
    if (!shipment) return void packlinkError(res, 404, 'Shipment not found');
    res.json({ history: [...shipment.history].reverse() });
  });

  app.use('/v1', (_req, res) => packlinkError(res, 404, 'Not found'));

  return {
    app,
    serviceIds: SERVICES.map((s) => s.id),
    listen() {
      return new Promise((resolve, reject) => {
        const server: Server = app.listen(0, '127.0.0.1', (error?: Error) => {
          if (error) return reject(error);
          // A stand-in at the network edge never keeps its process alive: the shop's own server does that, and a
          // service whose start failed after building (its stop never called) must still let the process exit.
          server.unref();
          const { port } = server.address() as AddressInfo;
          const url = `http://127.0.0.1:${port}`;
          resolve({
            url,
            apiBase: `${url}/v1/`,
            close: () =>
              new Promise<void>((done) => {
                stopped = true;
                for (const timer of timers) clearTimeout(timer);
                server.close(() => done());
                server.closeAllConnections();
              }),
          });
        });
      });
    },
    shipments: () => [...shipments.values()].map((s) => structuredClone(s)),
    makeReady,
    advance,
    sendCallback,
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** A fake provider listening on loopback. */
export interface FakeServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** What the provider's hosted page would show the buyer. Amounts in cents. */
export interface FakePaymentView {
  kind: 'card' | 'klarna' | 'paypal';
  id: string;
  status: 'open' | 'approved' | 'declined' | 'expired';
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  customer_email: string | null;
  /** `amount` is the line's total (unit amount × quantity). */
  lines: { name: string; quantity: number; amount: number }[];
  metadata: Record<string, string>;
}

/** The fake has no object with that id. */
export class FakeNotFoundError extends Error {
  constructor(
    readonly kind: string,
    readonly id: string,
  ) {
    super(`No ${kind} with id ${id}`);
    this.name = 'FakeNotFoundError';
  }
}

/** The object exists but can no longer take that decision (e.g. an expired session approved). */
export class FakeStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FakeStateError';
  }
}

export function listenOnLoopback(app: Express, onClose: () => void): Promise<FakeServer> {
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(0, '127.0.0.1', (error?: Error) => {
      if (error) return reject(error);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            onClose();
            server.close((closeError) => (closeError ? fail(closeError) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}

const RETRY_DELAYS_MS = [100, 500, 2_000];

/**
 * Webhook deliveries as providers make them: in the background, retried with back-off when the receiver
 * fails, never failing the call that caused them.
 */
export function createWebhookQueue() {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  async function attempt(send: () => Promise<void>): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        return await send();
      } catch {
        const delay = RETRY_DELAYS_MS[i];
        if (delay === undefined || stopped) return;
        await new Promise((resume) => setTimeout(resume, delay).unref());
        if (stopped) return;
      }
    }
  }

  return {
    push(send: () => Promise<void>) {
      const delivery = attempt(send).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    /** Resolves once every delivery made so far has succeeded or given up. */
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    stop() {
      stopped = true;
    },
  };
}

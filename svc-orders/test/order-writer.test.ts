import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAYMENT_REQUIRED_DETAIL } from '@edicola/contracts';
import { HttpError } from '@edicola/platform';
import { checkStatusMove, type OrderRow } from '../src/orders/order-writer';

/**
 * Structure: orders.orders is written by one module, orders/order-writer.ts (docs/decisions/0037-one-order-writer.md).
 * Every other file of svc-orders/src may read orders but neither update nor insert one (so neither its status,
 * payment fields nor order_version), lock one, write its history or emit `order.status_changed` / `order.created`.
 */
const SRC = path.join(__dirname, '..', 'src');
const WRITER = path.join('orders', 'order-writer.ts');
const SCHEMA = path.join('db', 'schema.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The ways a file may write an order, each found within one statement (up to its `;`). */
function orderWrites(source: string): string[] {
  const text = withoutComments(source);
  // `const t = orderRecords` (list.ts, deadlines.ts) would let `update(t)` through.
  const aliases = [...text.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*orderRecords\b/g)].map((m) => m[1]!);
  const tables = ['orderRecords', 'orderStatusHistory', ...aliases].join('|');
  const rules: [string, RegExp][] = [
    ['updates or inserts an order', new RegExp(`\\.(update|insert)\\(\\s*(${tables})\\s*\\)`)],
    ['locks an order', new RegExp(`\\.from\\(\\s*(${tables})\\s*\\)[^;]*\\.for\\(\\s*['"\`]update`)],
    [
      'writes orders in SQL',
      /\b(update|insert\s+into)\s+(orders\.(orders|order_status_history)\b|\$\{\s*(orderRecords|orderStatusHistory)\s*\})/i,
    ],
    ['emits an order event of the writer', /\bemit\([^;]*['"`]order\.(status_changed|created)['"`]/],
  ];
  return text
    .split(';')
    .flatMap((statement) => rules.filter(([, rule]) => rule.test(statement)).map(([what]) => what));
}

describe('one order writer', () => {
  it('no file of svc-orders/src but orders/order-writer.ts writes, locks or announces an order', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file))
      .filter((file) => file !== WRITER && file !== SCHEMA)
      .flatMap((file) =>
        [...new Set(orderWrites(readFileSync(path.join(SRC, file), 'utf8')))].map(
          (what) => `${file}: ${what}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('finds every kind of write in the writer itself', () => {
    const found = new Set(orderWrites(readFileSync(path.join(SRC, WRITER), 'utf8')));
    expect(found).toEqual(
      new Set(['updates or inserts an order', 'locks an order', 'emits an order event of the writer']),
    );
  });

  it('catches a write however it is spelled', () => {
    expect(orderWrites('await tx\n  .update( orderRecords )\n  .set({ status: "paid" });')).toEqual([
      'updates or inserts an order',
    ]);
    expect(orderWrites('const t = orderRecords;\nawait db.update(t).set({ orderVersion: 2 });')).toEqual([
      'updates or inserts an order',
    ]);
    expect(orderWrites("await tx.insert(orderStatusHistory).values({ toStatus: 'paid' });")).toEqual([
      'updates or inserts an order',
    ]);
    expect(
      orderWrites(
        "const [o] = await tx\n  .select()\n  .from(orderRecords)\n  .where(eq(orderRecords.id, id))\n  .for('update');",
      ),
    ).toEqual(['locks an order']);
    expect(orderWrites("await tx.execute(sql`update ${orderRecords} set payment_status = 'paid'`);")).toEqual(
      ['writes orders in SQL'],
    );
    expect(orderWrites('await db.execute(sql`UPDATE orders.orders SET order_version = 3`);')).toEqual([
      'writes orders in SQL',
    ]);
    expect(orderWrites("await bus.emit(tx, 'order.status_changed', data);")).toEqual([
      'emits an order event of the writer',
    ]);
    // Reading orders, locking another table or writing in a comment is no write.
    expect(
      orderWrites(
        [
          'const [row] = await db.select().from(orderRecords).where(eq(orderRecords.id, id));',
          "const [s] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');",
          "// tx.update(orderRecords) is the writer's",
          "await bus.emit(tx, 'order.refund_requested', data);",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe("the writer's status moves (contracts' tables)", () => {
  const order = (status: OrderRow['status'], paymentStatus: OrderRow['paymentStatus']) =>
    ({ id: 'o-1', status, paymentStatus }) as OrderRow;

  it('lets a payment move a pending order to paid or cancelled, and nothing else', () => {
    expect(() => checkStatusMove(order('pending', 'pending'), 'paid', 'payment')).not.toThrow();
    expect(() => checkStatusMove(order('pending', 'failed'), 'cancelled', 'payment')).not.toThrow();
    expect(() => checkStatusMove(order('shipped', 'paid'), 'cancelled', 'payment')).toThrow(
      'order o-1: shipped → cancelled is not a move of its payment',
    );
    expect(() => checkStatusMove(order('cancelled', 'failed'), 'paid', 'payment')).toThrow(
      /not a move of its payment/,
    );
  });

  it('refuses a staff move outside ORDER_TRANSITIONS, or one needing the money, with a 409', () => {
    expect(() => checkStatusMove(order('paid', 'paid'), 'confirmed', 'staff')).not.toThrow();
    const refusal = (
      status: OrderRow['status'],
      payment: OrderRow['paymentStatus'],
      to: OrderRow['status'],
    ) => {
      try {
        checkStatusMove(order(status, payment), to, 'staff');
      } catch (error) {
        return error instanceof HttpError ? [error.status, error.message] : error;
      }
      return null;
    };
    expect(refusal('pending', 'pending', 'confirmed')).toEqual([409, PAYMENT_REQUIRED_DETAIL]);
    expect(refusal('pending', 'pending', 'paid')).toEqual([
      409,
      "Impossibile passare l'ordine da In Attesa a Pagato",
    ]);
    expect(refusal('delivered', 'paid', 'cancelled')).toEqual([
      409,
      "Impossibile passare l'ordine da Consegnato a Annullato",
    ]);
  });
});

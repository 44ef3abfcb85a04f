import type { TFunction } from 'i18next';
import type { TimelineEntry } from '@edicola/contracts';
import { formatShortDate, formatDateTime, formatEuro } from '@edicola/web-kit';

/** A timeline line as the page has it: svc-orders' entries and svc-notify's e-mails alike. */
export type TimelineLine = Pick<TimelineEntry, 'at' | 'kind' | 'summary' | 'by'> & {
  data?: Record<string, unknown>;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An amount in any currency the provider may have captured (euros as everywhere else on the page). */
function money(value: number, currency: string | null): string {
  if (!currency || currency.toUpperCase() === 'EUR') return formatEuro(value);
  try {
    return new Intl.NumberFormat('it-IT', { style: 'currency', currency }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

/**
 * What a timeline line says, in the staff's language: worded here from the entry's `data` (svc-orders' `summary`
 * is Italian). A note is the staff's own words; a line whose data are not the expected ones keeps its summary.
 */
export function timelineText(t: TFunction<'admin'>, line: TimelineLine): string {
  const d = line.data ?? {};
  const say = (key: string, values: Record<string, unknown> = {}) =>
    t(`orders.timelineText.${key}`, values as Record<string, string>);
  switch (line.kind) {
    case 'created': {
      const total = amount(d.total);
      return total === null ? line.summary : say('created', { total: formatEuro(total) });
    }
    case 'status': {
      const from = text(d.from);
      const to = text(d.to);
      if (!from || !to) return line.summary;
      const names = {
        from: t(`orders.statuses.${from}`, { defaultValue: from }),
        to: t(`orders.statuses.${to}`, { defaultValue: to }),
      };
      const tracking = to === 'shipped' ? text(d.tracking_number) : null;
      return tracking ? say('statusTracking', { ...names, tracking }) : say('status', names);
    }
    case 'payment': {
      if (d.event === 'paid') {
        const method = text(d.payment_method);
        if (!method) return line.summary;
        const name = t(`orders.methods.${method}`, { defaultValue: method });
        return say(d.demo === true ? 'paidDemo' : 'paid', { method: name });
      }
      if (d.event === 'failed') return say('paymentFailed');
      const captured = amount(d.captured_amount);
      const total = amount(d.total);
      if (d.event === 'issue' && captured !== null && total !== null)
        return say('amountMismatch', {
          captured: money(captured, text(d.captured_currency)),
          total: formatEuro(total),
        });
      return line.summary;
    }
    case 'transfer': {
      const date = text(d.received_on);
      const paid = amount(d.amount);
      if (!date || paid === null) return line.summary;
      const values = { date: formatShortDate(date), amount: formatEuro(paid) };
      return say(d.amount_matches === false ? 'transferMismatch' : 'transfer', values);
    }
    case 'refund': {
      if (d.event === 'requested') {
        const reason = text(d.reason);
        if (!reason) return line.summary;
        return say('refundRequested', {
          reason: t(`orders.refundReasons.${reason}`, { defaultValue: reason }),
        });
      }
      const refunded = amount(d.amount);
      if (d.event === 'refunded' && refunded !== null)
        return say(d.full === true ? 'refunded' : 'partlyRefunded', { amount: formatEuro(refunded) });
      return line.summary;
    }
    case 'invoice': {
      const number = text(d.invoice_number);
      if (!number) return line.summary;
      const date = text(d.invoice_date);
      return date ? say('invoiceDated', { number, date: formatShortDate(date) }) : say('invoice', { number });
    }
    case 'shipment': {
      const id = text(d.shipment_id);
      if (!id) return line.summary;
      const carrier = text(d.carrier_name);
      return carrier ? say('shipmentCarrier', { id, carrier }) : say('shipment', { id });
    }
    case 'edit': {
      const fields = Array.isArray(d.fields)
        ? d.fields.filter((f): f is string => typeof f === 'string')
        : [];
      if (d.event !== 'contact_updated' || fields.length === 0) return line.summary;
      const names = fields.map((field) => t(`orders.contact.fields.${field}`, { defaultValue: field }));
      return say('contactEdited', { fields: names.join(', ') });
    }
    case 'email': {
      const subject = text(d.subject);
      const recipient = text(d.recipient);
      const status = text(d.status);
      if (!subject || !recipient || !status) return line.summary;
      return say('email', {
        subject,
        recipient,
        status: t(`orders.timelineText.emailStatuses.${status}`, { defaultValue: status }),
      });
    }
    default:
      return line.summary;
  }
}

/** When it happened, as shown: a day alone for what has no time of its own (an invoice known only by its date). */
export function timelineWhen(line: TimelineLine): string {
  const day = line.data?.date_only === true ? text(line.data.invoice_date) : null;
  return day ? formatShortDate(day) : formatDateTime(line.at);
}

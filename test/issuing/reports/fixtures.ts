import { parse } from 'csv-parse/sync';
import type { Client, Json } from '../../support/client';

/** POST /v1/issuing/reports, expecting success: the report id. */
export async function createReport(c: Client, report_type: string, start_time: string, end_time: string): Promise<string> {
  const res = await c.post('/v1/issuing/reports', { report_type, start_time, end_time });
  if (res.status !== 200) throw new Error(`report failed: ${res.status} ${res.raw}`);
  return res.body.report_id as string;
}

/** The report's CSV parsed by a second, independent library: its header and its records. */
export function parseCsv(text: string): { header: string[]; records: string[][] } {
  const [header, ...records] = parse(text, { relax_column_count: false }) as string[][];
  return { header: header!, records };
}

/** Records as objects keyed by the header's names. */
export const rowsOf = (text: string): Record<string, string>[] => {
  const { header, records } = parseCsv(text);
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]!])));
};

/** A window around an instant: an hour before to a day after, as RFC 3339 text. */
export const around = (at: string): { start: string; end: string } => {
  const t = new Date(at).getTime();
  return { start: new Date(t - 3600_000).toISOString(), end: new Date(t + 86_400_000).toISOString() };
};

/** A CI22 item (REST JSON) as the report writes it: every column as its CSV text. */
export function cardTransactionCells(t: Json): Record<string, string> {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  return {
    transaction_id: text(t.transaction_id),
    short_transaction_id: text(t.short_transaction_id),
    original_transaction_id: text(t.original_transaction_id),
    transaction_type: text(t.transaction_type),
    transaction_status: text(t.transaction_status),
    card_id: text(t.card_id),
    card_number: text(t.card_number),
    cardholder_id: text(t.cardholder_id),
    transaction_amount: text(t.transaction_amount),
    transaction_currency: text(t.transaction_currency),
    billing_amount: text(t.billing_amount),
    billing_currency: text(t.billing_currency),
    transaction_fee: text(t.transaction_fee),
    transaction_fee_currency: text(t.transaction_fee_currency),
    fee_pass_through: text(t.fee_pass_through),
    card_available_balance: text(t.card_available_balance),
    'merchant_data.name': text(t.merchant_data.name),
    'merchant_data.category_code': text(t.merchant_data.category_code),
    'merchant_data.city': text(t.merchant_data.city),
    'merchant_data.country': text(t.merchant_data.country),
    authorization_code: text(t.authorization_code),
    failure_reason: text(t.failure_reason),
    description: text(t.description),
    transaction_time: text(t.transaction_time),
    posted_time: text(t.posted_time),
  };
}


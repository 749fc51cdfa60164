import { z } from 'zod';
import type { RequestContext } from '../context';
import type { Database } from '../db/client';
import { isUuid } from '../ids/ids';
import { defineList } from '../pagination/list';
import { listOrder, type SortKey } from '../pagination/keyset';
import type { ListPage } from '../pagination/page-reader';
import { timeBound } from '../pagination/time-range';
import { audienceOf, type EventAudience } from './audience';
import { declaredEvents, type EventType } from './catalogue';
import type { OutboxCursor, TailedEvent } from './tail';

/**
 * The outbox as a list a caller pages (GraphQL `events`): the events its live subscription
 * delivers (the same audience: the acting account's, and a master acting for itself its
 * sub-accounts' too), newest first in the tail's order, (tx_id, seq) descending. Only events below
 * the oldest running transaction are listed, as the tail reads them: every transaction older than
 * that has ended, so no event can later appear between two listed ones, a newest-first page stays
 * valid while events are written, and a listed event's cursor is a place in the outbox where the
 * subscription resumes without a gap (tail.ts).
 */
export const eventOrder = listOrder('events', 'desc', ['txId', 'xid8'], ['seq', 'bigint']);

/** The key of an outbox position in the list's order, and back. */
export const keyOfPosition = (c: OutboxCursor): SortKey => [c.txId, c.seq];
export const positionOfKey = (key: SortKey): OutboxCursor => ({ txId: String(key[0]), seq: String(key[1]) });

const eventName = z.string().refine((name) => declaredEvents().has(name), { message: 'not an event name payrail writes' });

/** What a caller narrows events to, in the domain's names; every member optional. */
export const eventFilter = z
  .object({
    types: z.array(eventName).max(100).optional(),
    objectId: z.string().refine(isUuid, { message: 'must be an object id (a UUID)' }).optional(),
    createdAfter: timeBound('start').optional(),
    createdBefore: timeBound('end').optional(),
  })
  .strict();

export type EventFilter = z.output<typeof eventFilter>;

/**
 * The filter as a predicate on one event: the subscription applies it to its replay and to live
 * events alike, and it says exactly what the list's SQL says. The time bounds are strict.
 */
export function matchesEventFilter(filter: EventFilter, e: Pick<TailedEvent, 'eventName' | 'sourceId' | 'createdAt'>): boolean {
  if (filter.types && filter.types.length > 0 && !filter.types.includes(e.eventName)) return false;
  if (filter.objectId !== undefined && e.sourceId !== filter.objectId) return false;
  if (filter.createdAfter && !(e.createdAt.getTime() > filter.createdAfter.getTime())) return false;
  if (filter.createdBefore && !(e.createdAt.getTime() < filter.createdBefore.getTime())) return false;
  return true;
}

interface EventRow {
  id: string;
  accountId: string;
  eventType: string;
  eventName: string;
  sourceId: string;
  data: unknown;
  dataVersion: number;
  createdAt: Date;
  /** xid8 and bigint arrive as decimal text (pg parses neither). */
  txId: string;
  seq: string;
}

/**
 * Who the events belong to, from $1. One account: an ordered walk of its (account_id, tx_id, seq)
 * index that stops at the page. A master's tree: the accounts as one array (an InitPlan), matched
 * through the same index and sorted.
 */
const WHO_ONE = 'account_id = $1::uuid';
const WHO_TREE = 'account_id = ANY(ARRAY(SELECT $1::uuid UNION ALL SELECT id FROM accounts WHERE parent_id = $1::uuid))';
/**
 * The filter, from $2 (an absent member is NULL), and the commit-safe bound. `seq` is selected as
 * it is, not cast: ORDER BY a bare name would otherwise sort by an output column of that name.
 */
const WHAT = `tx_id < pg_snapshot_xmin(pg_current_snapshot())
  AND ($2::text[] IS NULL OR event_name = ANY($2::text[]))
  AND ($3::uuid IS NULL OR source_id = $3::uuid)
  AND ($4::timestamptz IS NULL OR created_at > $4::timestamptz)
  AND ($5::timestamptz IS NULL OR created_at < $5::timestamptz)`;
const COLUMNS = `id, account_id AS "accountId", event_type AS "eventType", event_name AS "eventName", source_id AS "sourceId",
  data, data_version AS "dataVersion", created_at AS "createdAt", tx_id AS "txId", seq`;

const whereValues = (audience: EventAudience, f: EventFilter): unknown[] => [
  audience.accountId,
  f.types && f.types.length > 0 ? f.types : null,
  f.objectId ?? null,
  f.createdAfter ?? null,
  f.createdBefore ?? null,
];

const toTailedEvent = (r: EventRow): TailedEvent => ({
  id: r.id,
  accountId: r.accountId,
  eventType: r.eventType as EventType,
  eventName: r.eventName,
  sourceId: r.sourceId,
  data: r.data,
  dataVersion: r.dataVersion,
  createdAt: r.createdAt,
  cursor: { txId: r.txId, seq: r.seq },
});

async function eventPage(db: Pick<Database, 'pool'>, audience: EventAudience, filter: EventFilter, page: ListPage) {
  const p = page.sql(6);
  const [who, form] = audience.includeSubAccounts ? [WHO_TREE, 'tree'] : [WHO_ONE, 'one'];
  const where = `${who} AND ${WHAT}`;
  const values = whereValues(audience, filter);
  const [rows, count] = await Promise.all([
    db.pool.query<EventRow>({
      name: `event_list_${form}_page${p.name}`,
      text: `SELECT ${COLUMNS} FROM outbox_events WHERE ${where}${p.bound} ORDER BY ${p.orderBy} ${p.limit}`,
      values: [...values, ...p.values],
    }),
    db.pool.query<{ n: number }>({ name: `event_list_${form}_count`, text: `SELECT count(*)::int AS n FROM outbox_events WHERE ${where}`, values }),
  ]);
  return page.fromRows(rows.rows, count.rows[0]?.n ?? 0, toTailedEvent);
}

/** The events of the acting account (and a master's tree, as its subscription has them), newest first. */
export const eventList = defineList({
  filter: eventFilter,
  order: eventOrder,
  find: (ctx: RequestContext, filter: EventFilter, page: ListPage) => eventPage(ctx.db, audienceOf(ctx), filter, page),
});

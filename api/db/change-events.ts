// SQL for change_events: the log of what changed for each seller, which GET /api/events streams (docs/decisions/0034).
// Written in the change's own transaction; the NOTIFY it sends is delivered only if that transaction commits, so an
// API process listening never hears of a change that did not happen.
import type { LiveEvent, LiveEventData, LiveEventKind } from '../contract/events.ts'
import type { Sql, Tx } from './client.ts'
import { listingJson } from './listing-json.ts'

// Every change is announced with its id as the payload, on a channel named after the schema: channels are the
// database's, and the test runs share one server in schemas of their own.
const CHANNEL_PREFIX = 'snaplist_changes'

/** The channel this database's changes are announced on. */
export async function changeChannel(sql: Sql): Promise<string> {
  const [row] = await sql<{ channel: string }[]>`select ${CHANNEL_PREFIX} || ':' || current_schema() as channel`
  return row!.channel
}

/** A change as read for sending: its id (a bigint, as text), whose it is, and the event. */
export type ChangeRow = LiveEvent & { id: string; userId: number }

/** Appends the change to the seller's log and announces it (at commit). */
export async function logChange<Kind extends LiveEventKind>(
  sql: Sql | Tx,
  userId: number,
  kind: Kind,
  listingId: number | null,
  data: LiveEventData[Kind],
): Promise<void> {
  await sql`
    with logged as (
      insert into change_events (user_id, kind, listing_id, data)
      values (${userId}, ${kind}, ${listingId}, ${sql.json(data)}) returning id
    )
    select pg_notify(${CHANNEL_PREFIX} || ':' || current_schema(), id::text) from logged`
}

// The listing as GET /api/listings answers it, read now: an event sent late (a resumed stream) carries the listing as it
// is, not as it was. A listing being deleted has left the Dashboard, so it reads as gone.
const selectChanges = (sql: Sql, itemUrl: string) => sql`
  select e.id::text as id, e.user_id, e.kind, e.listing_id, e.data,
    (select ${listingJson(sql, itemUrl)} from listings
      where listings.id = e.listing_id and listings.deleting_since is null) as listing
  from change_events e`

/** The seller's changes after this id, oldest first (a stream's catch-up). */
export const changesAfter = (sql: Sql, itemUrl: string, userId: number, afterId: string, limit: number) =>
  sql<ChangeRow[]>`${selectChanges(sql, itemUrl)}
    where e.user_id = ${userId} and e.id > ${afterId}::bigint order by e.id limit ${limit}`

/** Everyone's changes after this id, oldest first (polling, where nothing can be listened to). */
export const everyChangeAfter = (sql: Sql, itemUrl: string, afterId: string, limit: number) =>
  sql<ChangeRow[]>`${selectChanges(sql, itemUrl)} where e.id > ${afterId}::bigint order by e.id limit ${limit}`

/** These changes (the ids announced), oldest first. */
export const changesByIds = (sql: Sql, itemUrl: string, ids: string[]) =>
  sql<ChangeRow[]>`${selectChanges(sql, itemUrl)} where e.id = any(${ids}::bigint[]) order by e.id`

/** The last change's id, '0' when there is none: where the feed's poll starts. */
export async function lastChangeId(sql: Sql): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select coalesce(max(id), 0)::text as id from change_events`
  return row!.id
}

/**
 * Where a new stream starts: just before the seller's first change of these last seconds, else after their last one,
 * else after the log's last ('0' when it is empty): never before what the log still holds.
 */
export async function startOfRecentChanges(sql: Sql, userId: number, seconds: number): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select coalesce(
      (select min(id) - 1 from change_events
        where user_id = ${userId} and created_at >= now() - make_interval(secs => ${seconds})),
      (select max(id) from change_events where user_id = ${userId}),
      (select max(id) from change_events),
      0)::text as id`
  return row!.id
}

/**
 * Whether a stream starting after this id is too far behind to catch up: more than `max` of the seller's changes follow
 * it, or (olderThanLog) the purge took changes after it, which might have been theirs. Answers where to start instead
 * (their last change, else the log's last), or undefined when the catch-up can be sent.
 */
export async function farBehind(
  sql: Sql,
  userId: number,
  afterId: string,
  max: number,
  olderThanLog: boolean,
): Promise<string | undefined> {
  const [row] = await sql<{ behind: boolean; id: string }[]>`
    select
      (select count(*) from (
        select 1 from change_events where user_id = ${userId} and id > ${afterId}::bigint limit ${max + 1}) as following
      ) > ${max}
      or (${olderThanLog} and ${afterId}::bigint + 1 < (select coalesce(min(id), 0) from change_events)) as behind,
      coalesce(
        (select max(id) from change_events where user_id = ${userId}),
        (select max(id) from change_events),
        ${afterId}::bigint)::text as id`
  return row!.behind ? row!.id : undefined
}

/** Deletes the changes older than this many hours (the hourly purge). */
export async function purgeChanges(sql: Sql, keepHours: number): Promise<number> {
  const deleted = await sql`delete from change_events where created_at < now() - make_interval(hours => ${keepHours})`
  return deleted.count
}

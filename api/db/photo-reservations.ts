// SQL for photo_reservations: the bytes of uploads under way, counted against the seller's photo quota with their
// stored photos, so the quota holds before any file is written (migration 0023).
import type { Sql, Tx } from './client.ts'

export interface Reservation {
  id: string
  userId: number
  key: string
  bytes: number
}

/**
 * Reserves the upload's bytes when the seller's photos and uploads under way leave room for them; false when not. The
 * caller holds users.lockUser, so one seller's reservations count one after another.
 */
export async function reserve(tx: Tx, reservation: Reservation, quotaBytes: number): Promise<boolean> {
  const rows = await tx`
    insert into photo_reservations (id, user_id, key, bytes)
    select ${reservation.id}, ${reservation.userId}, ${reservation.key}, ${reservation.bytes}
    where (select coalesce(sum(bytes), 0) from images where user_id = ${reservation.userId})
      + (select coalesce(sum(bytes), 0) from photo_reservations where user_id = ${reservation.userId})
      + ${reservation.bytes} <= ${quotaBytes}
    returning id`
  return rows.length > 0
}

export async function release(tx: Tx, id: string): Promise<void> {
  await tx`delete from photo_reservations where id = ${id}`
}

/** The keys among these that an image row or an upload under way names: their files must stay. */
export async function keysInUse(sql: Sql | Tx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await sql<{ key: string }[]>`
    select key from images where key = any(${keys})
    union select key from photo_reservations where key = any(${keys})`
  return new Set(rows.map((row) => row.key))
}

/** Drops reservations older than the grace period (their upload died with its process); returns how many. */
export async function deleteStale(sql: Sql, graceSeconds: number): Promise<number> {
  const result =
    await sql`delete from photo_reservations where created_at < now() - make_interval(secs => ${graceSeconds})`
  return result.count
}

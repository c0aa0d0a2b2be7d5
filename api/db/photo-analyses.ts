// SQL for photo_analyses: each seller's analysis of a photo set, reused while it is fresh (issue 27 F6).
import type { Sql } from './client.ts'

/** The stored analysis of these photos for this seller, unless older than maxAgeMs. */
export async function findAnalysis<T>(
  sql: Sql,
  userId: number,
  photosHash: string,
  maxAgeMs: number,
): Promise<T | undefined> {
  const [row] = await sql<{ result: T }[]>`
    select result from photo_analyses
    where user_id = ${userId} and photos_hash = ${photosHash} and created_at > now() - make_interval(secs => ${maxAgeMs / 1000})`
  return row?.result
}

/** Keeps the analysis and answers it as stored (jsonb orders the keys its own way), as findAnalysis will read it. */
export async function saveAnalysis<T>(sql: Sql, userId: number, photosHash: string, result: T): Promise<T> {
  const [row] = await sql<{ result: T }[]>`
    insert into photo_analyses (user_id, photos_hash, result) values (${userId}, ${photosHash}, ${sql.json(result as never)})
    on conflict (user_id, photos_hash) do update set result = excluded.result, created_at = now()
    returning result`
  return row!.result
}

/** Drops analyses older than maxAgeMs (housekeeping). */
export async function purgeAnalyses(sql: Sql, maxAgeMs: number): Promise<number> {
  const rows =
    await sql`delete from photo_analyses where created_at < now() - make_interval(secs => ${maxAgeMs / 1000}) returning 1`
  return rows.length
}

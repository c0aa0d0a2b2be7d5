// SQL for markdown_runs: each run of a seller's markdown ladder (migration 0067, decision 0075), and its undo.
import type { Sql, Tx } from './client.ts'

export async function insertRun(sql: Sql | Tx, userId: number): Promise<number> {
  const [row] = await sql<{ id: number }[]>`insert into markdown_runs (user_id) values (${userId}) returning id`
  return row!.id
}

/** The seller's run, locked for its undo; undefined when it is not theirs. */
export const lockRun = async (tx: Tx, userId: number, id: number) =>
  (
    await tx<{ id: number; undoneAt: Date | null }[]>`select id, undone_at from markdown_runs
      where id = ${id} and user_id = ${userId} for update`
  )[0]

export async function markUndone(tx: Tx, id: number): Promise<void> {
  await tx`update markdown_runs set undone_at = now() where id = ${id}`
}

/** A run with nothing in it (every listing it found was changed by a run before, or at its floor) is not history. */
export async function deleteIfEmpty(sql: Sql, id: number): Promise<void> {
  await sql`delete from markdown_runs r where id = ${id}
    and not exists (select 1 from markdown_changes c where c.run_id = r.id)`
}

/** The seller's latest runs that changed something, newest first. */
export const latestRuns = (sql: Sql, userId: number, limit: number) =>
  sql<{ id: number; ranAt: Date; undoneAt: Date | null }[]>`select id, ran_at, undone_at from markdown_runs r
    where user_id = ${userId} and exists (select 1 from markdown_changes c where c.run_id = r.id)
    order by id desc limit ${limit}`

/** One of the seller's runs; undefined when it is not theirs. */
export const findRun = async (sql: Sql, userId: number, id: number) =>
  (
    await sql<{ id: number; ranAt: Date; undoneAt: Date | null }[]>`select id, ran_at, undone_at from markdown_runs
      where id = ${id} and user_id = ${userId}`
  )[0]

// SQL for marketplace_imports (migration 0070, docs/decisions/0078): a seller's import from a marketplace read page by
// page with a cursor. The page's cursor is saved with the next page's job, in one transaction, so a killed import goes
// on from its page. Only for the seller whose service found them.
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Sql, Tx } from './client.ts'

export interface MarketplaceImportRow {
  status: 'running' | 'done' | 'failed'
  cursor: string | null
  /** Pages done. */
  pages: number
  skipped: number
  skippedReasons: string[]
  message: string | null
  updatedAt: Date
  /** How many there are to bring, when the marketplace says (migration 0071); null while unknown. */
  total: number | null
}

const COLUMNS = 'status, cursor, pages, skipped, skipped_reasons, message, updated_at, total'
/** Reasons kept per import: the seller reads the first few; the count says the rest. */
const REASONS_KEPT = 20

export async function findImport(
  sql: Sql | Tx,
  userId: number,
  marketplace: Platform,
): Promise<MarketplaceImportRow | undefined> {
  const [row] = await sql<MarketplaceImportRow[]>`
    select ${sql.unsafe(COLUMNS)} from marketplace_imports where user_id = ${userId} and marketplace = ${marketplace}`
  return row
}

/**
 * Starts an import from the first page, unless one is running and moved within `staleSeconds` without trouble (its
 * job is at it); answers whether this call started (or resumed) it. A stalled or troubled one goes on from its page.
 */
export async function startImport(sql: Sql, userId: number, marketplace: Platform, staleSeconds: number) {
  const [started] = await sql<{ started: boolean }[]>`
    insert into marketplace_imports (user_id, marketplace, status) values (${userId}, ${marketplace}, 'running')
    on conflict (user_id, marketplace) do update set
      status = 'running', message = null, updated_at = now(),
      started_at = case when marketplace_imports.status = 'running' then marketplace_imports.started_at else now() end,
      cursor = case when marketplace_imports.status = 'running' then marketplace_imports.cursor end,
      pages = case when marketplace_imports.status = 'running' then marketplace_imports.pages else 0 end,
      skipped = case when marketplace_imports.status = 'running' then marketplace_imports.skipped else 0 end,
      total = case when marketplace_imports.status = 'running' then marketplace_imports.total end,
      skipped_reasons = case when marketplace_imports.status = 'running' then marketplace_imports.skipped_reasons
        else '{}' end
    where marketplace_imports.status <> 'running' or marketplace_imports.message is not null
      or marketplace_imports.updated_at < now() - make_interval(secs => ${staleSeconds})
    returning true as started`
  return { started: Boolean(started) }
}

/** A page is done: its cursor (null: the last page, the import done) and what it skipped, in the page's transaction. */
export async function savePage(
  tx: Tx,
  userId: number,
  marketplace: Platform,
  page: { cursor: string | null; skipped: string[] },
): Promise<void> {
  await tx`
    update marketplace_imports set cursor = ${page.cursor}, pages = pages + 1, message = null, updated_at = now(),
      status = case when ${page.cursor}::text is null then 'done' else status end,
      skipped = skipped + ${page.skipped.length},
      skipped_reasons = (skipped_reasons || ${page.skipped.map((reason) => reason.slice(0, 200))}::text[])[1:${REASONS_KEPT}]
    where user_id = ${userId} and marketplace = ${marketplace} and status = 'running'`
}

/** How many the marketplace says there are to bring (read with the first page). */
export async function noteTotal(sql: Sql, userId: number, marketplace: Platform, total: number): Promise<void> {
  await sql`update marketplace_imports set total = ${Math.max(0, Math.round(total))}
    where user_id = ${userId} and marketplace = ${marketplace} and status = 'running'`
}

/** Still at it, but the marketplace holds it up: said in the seller's words until the next page is done. */
export async function noteTrouble(sql: Sql, userId: number, marketplace: Platform, message: string): Promise<void> {
  await sql`update marketplace_imports set message = ${message}, updated_at = now()
    where user_id = ${userId} and marketplace = ${marketplace} and status = 'running'`
}

export async function failImport(sql: Sql, userId: number, marketplace: Platform, message: string): Promise<void> {
  await sql`update marketplace_imports set status = 'failed', message = ${message}, updated_at = now()
    where user_id = ${userId} and marketplace = ${marketplace}`
}

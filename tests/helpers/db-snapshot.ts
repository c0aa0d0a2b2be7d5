// Every row of every table of the test's schema, to show that a run of refused requests left the database as it was.
import type { Sql } from '../../api/db/client.ts'

export type DatabaseSnapshot = Record<string, string[]>

// Limits count attempts, refused ones included (that is their point), so their counters are not what a refused
// request must leave unchanged.
const COUNTERS = 'rate_limits'

export async function snapshotDatabase(sql: Sql): Promise<DatabaseSnapshot> {
  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> ${COUNTERS}
    order by table_name`
  const snapshot: DatabaseSnapshot = {}
  for (const { name } of tables) {
    // Rows as JSON text, sorted: the comparison is about content, not the order a scan happens to return.
    const rows = await sql<{ row: string }[]>`select row_to_json(t)::text as row from ${sql(name)} t`
    snapshot[name] = rows.map(({ row }) => row).sort()
  }
  return snapshot
}

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
  if (tables.length === 0) return {}
  // Every table in one round trip (the sweeps take hundreds of snapshots): its rows as JSON text, sorted, as the
  // comparison is about content, not the order a scan happens to return. The names come from the catalogue above.
  const everyTable = tables
    .map(({ name }) => {
      const table = `"${name.replaceAll('"', '""')}"`
      const rows = `row_to_json(${table})::text`
      return `select '${name.replaceAll("'", "''")}' as name, coalesce(array_agg(${rows} order by ${rows}), '{}') as rows from ${table}`
    })
    .join(' union all ')
  const snapshot: DatabaseSnapshot = {}
  for (const { name, rows } of await sql.unsafe<{ name: string; rows: string[] }[]>(everyTable)) snapshot[name] = rows
  return snapshot
}

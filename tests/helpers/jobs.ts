// The job queue as a test moves its clock: waiting jobs made due at once, so settle() runs them.
import type { Sql } from '../../api/db/client.ts'
import { jobSchemaFor } from '../../api/services/jobs.ts'

/**
 * The clock moved on: every waiting job of this name (a retry's back-off, a delayed start) is due now. `states` narrows
 * it to retries or to jobs not tried yet.
 */
export async function dueNow(sql: Sql, name: string, states: ('created' | 'retry')[] = ['created', 'retry']) {
  const schema = await jobSchemaFor(sql)
  await sql`update ${sql(schema)}.job set start_after = now() where name = ${name} and state in ${sql(states)}`
}

// SQL for finished_jobs: the ids of background jobs whose effect has happened, so a retry does not repeat it.
import type { Sql } from './client.ts'

export async function isJobFinished(sql: Sql, jobId: string): Promise<boolean> {
  const [row] = await sql`select 1 from finished_jobs where job_id = ${jobId}`
  return row !== undefined
}

export async function markJobFinished(sql: Sql, jobId: string): Promise<void> {
  await sql`insert into finished_jobs (job_id) values (${jobId}) on conflict do nothing`
}

/** Deletes the marks older than maxAgeHours; returns how many. */
export async function deleteOldFinishedJobs(sql: Sql, maxAgeHours: number): Promise<number> {
  const result =
    await sql`delete from finished_jobs where finished_at <= now() - make_interval(hours => ${maxAgeHours})`
  return result.count
}

// SQL for login_devices. Tokens never reach this module: callers pass the token's hash.
import type { Sql } from './client.ts'

/** Whether the device (its token's hash) has signed in to this account before. */
export async function isKnownDevice(sql: Sql, userId: number, tokenHash: string): Promise<boolean> {
  const [row] = await sql`select 1 from login_devices where token_hash = ${tokenHash} and user_id = ${userId}`
  return row !== undefined
}

/** Records a sign-in from the device: a new row, or the known one seen again; true when the device is new. */
export async function rememberDevice(sql: Sql, userId: number, tokenHash: string): Promise<boolean> {
  const [row] = await sql<{ added: boolean }[]>`
    insert into login_devices (user_id, token_hash) values (${userId}, ${tokenHash})
    on conflict (user_id, token_hash) do update set last_seen_at = now()
    returning xmax = 0 as added`
  return row!.added
}

/** Keeps an account's newest `keep` devices, so a flood of sign-ins cannot grow the table without end. */
export async function forgetOldDevices(sql: Sql, userId: number, keep: number): Promise<void> {
  await sql`
    delete from login_devices where user_id = ${userId} and token_hash not in (
      select token_hash from login_devices where user_id = ${userId} order by last_seen_at desc limit ${keep})`
}

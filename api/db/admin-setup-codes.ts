// SQL for admin_setup_codes: the hashes of the one-time codes that make the first administrator.
import type { Sql, Tx } from './client.ts'

export async function insertSetupCode(sql: Sql | Tx, codeHash: string): Promise<void> {
  await sql`insert into admin_setup_codes (code_hash) values (${codeHash}) on conflict (code_hash) do nothing`
}

/**
 * Spends the code when it is known and no administrator exists yet; true when it was. Two registrations racing with
 * the code: the second waits for the first's row lock, then finds the row gone.
 */
export async function spendSetupCode(tx: Tx, codeHash: string): Promise<boolean> {
  const spent = await tx`
    delete from admin_setup_codes
    where code_hash = ${codeHash} and not exists (select 1 from users where is_admin)
    returning 1`
  return spent.length === 1
}

/** Voids every code: called once an administrator exists. */
export async function deleteSetupCodes(sql: Sql | Tx): Promise<void> {
  await sql`delete from admin_setup_codes`
}

// SQL for install_identity: what tells this Snaplist install from another one, made once at first use (migration 0023).
import { randomBytes } from 'node:crypto'
import type { Sql } from './client.ts'

/** This install's SKU prefix: 10 random letters and digits, the same for every API process on the database. */
export async function ebaySkuPrefix(sql: Sql): Promise<string> {
  // Made here rather than in the migration, so databases copied from one migrated template still differ.
  await sql`insert into install_identity (ebay_sku_prefix) values (${randomBytes(5).toString('hex')}) on conflict do nothing`
  const [row] = await sql<{ ebaySkuPrefix: string }[]>`select ebay_sku_prefix from install_identity`
  return row!.ebaySkuPrefix
}

// SQL for ebay_seller_setup: the business policy ids and the inventory location an offer needs, per seller, for the
// eBay account they were read from.
import type { ShippingPolicy } from '../contract/ebay-publish.ts'
import type { Sql } from './client.ts'

export type { ShippingPolicy }

export interface SellerSetup {
  accountId: string
  fulfillmentPolicyId: string | null
  paymentPolicyId: string | null
  returnPolicyId: string | null
  merchantLocationKey: string | null
  /** The fulfillment policy is priced by calculated shipping: eBay needs the parcel's weight and size. */
  calculatedShipping: boolean
  /** Every shipping policy of the seller's, the first (fulfillmentPolicyId) first. */
  shippingPolicies: ShippingPolicy[]
}

export async function findSellerSetup(sql: Sql, userId: number): Promise<SellerSetup | undefined> {
  const [row] = await sql<SellerSetup[]>`
    select account_id, fulfillment_policy_id, payment_policy_id, return_policy_id, merchant_location_key,
      calculated_shipping, shipping_policies
    from ebay_seller_setup where user_id = ${userId}`
  return row
}

export async function saveSellerSetup(sql: Sql, userId: number, setup: SellerSetup): Promise<void> {
  await sql`
    insert into ebay_seller_setup (user_id, account_id, fulfillment_policy_id, payment_policy_id, return_policy_id,
      merchant_location_key, calculated_shipping, shipping_policies)
    values (${userId}, ${setup.accountId}, ${setup.fulfillmentPolicyId}, ${setup.paymentPolicyId}, ${setup.returnPolicyId},
      ${setup.merchantLocationKey}, ${setup.calculatedShipping}, ${sql.json(setup.shippingPolicies as never)})
    on conflict (user_id) do update set
      account_id = excluded.account_id, fulfillment_policy_id = excluded.fulfillment_policy_id,
      payment_policy_id = excluded.payment_policy_id, return_policy_id = excluded.return_policy_id,
      merchant_location_key = excluded.merchant_location_key, calculated_shipping = excluded.calculated_shipping,
      shipping_policies = excluded.shipping_policies, updated_at = now()`
}

export async function saveLocationKey(sql: Sql, userId: number, merchantLocationKey: string): Promise<void> {
  await sql`update ebay_seller_setup set merchant_location_key = ${merchantLocationKey}, updated_at = now() where user_id = ${userId}`
}

/** Forgets what eBay refused, so the next publish reads it again. */
export async function forgetSellerSetup(sql: Sql, userId: number): Promise<void> {
  await sql`delete from ebay_seller_setup where user_id = ${userId}`
}

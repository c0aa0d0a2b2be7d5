// The seller's business policies (fulfillment, payment, return) from eBay's Account API: an offer needs one of each.
// None of a kind → 400 saying where to create them; a seller not opted in to business policies (eBay error 20403) →
// 400 saying how to opt in and that eBay can take a while. docs/product.md §8's toast looks for 'You need to set up eBay selling
// policies'.
import * as v from 'valibot'
import { EBAY_POLICIES_PAGE as POLICIES_PAGE } from '../../contract/ebay-publish.ts'
import { AppError } from '../../errors.ts'
import type { ShippingPolicy } from '../../db/ebay-seller-setup.ts'
import { EbayRefusal, readReply, type EbaySellClient } from './sell-api.ts'

export interface BusinessPolicies {
  fulfillmentPolicyId: string
  paymentPolicyId: string
  returnPolicyId: string
}

const KINDS = [
  { kind: 'fulfillment', list: 'fulfillmentPolicies', id: 'fulfillmentPolicyId', label: 'shipping' },
  { kind: 'payment', list: 'paymentPolicies', id: 'paymentPolicyId', label: 'payment' },
  { kind: 'return', list: 'returnPolicies', id: 'returnPolicyId', label: 'return' },
] as const

/**
 * get{Kind}Policies' reply, as far as it is read: the policies of the kind, each with its id, and a shipping policy's
 * options (whether calculated shipping prices them).
 */
const policiesSchema = ({ list, id }: (typeof KINDS)[number]) =>
  v.object({
    [list]: v.optional(
      v.array(
        v.object({
          [id]: v.string(),
          name: v.optional(v.string(), ''),
          shippingOptions: v.optional(v.array(v.object({ costType: v.optional(v.string()) })), []),
        }),
      ),
    ),
  })

const NOT_OPTED_IN = 20403

const missingPolicies = (labels: string[]) =>
  new AppError(
    400,
    'ebay_policies_missing',
    `You need to set up eBay selling policies before posting: create a ${labels.join(', ')} policy in eBay Seller Hub (Account → Business policies, ${POLICIES_PAGE}), then post again.`,
  )
const notOptedIn = () =>
  new AppError(
    400,
    'ebay_policies_not_opted_in',
    `You need to set up eBay selling policies: your eBay account has not opted in to business policies yet. Opt in under Account → Business policies in eBay Seller Hub (${POLICIES_PAGE}); eBay can take a while (sometimes a day) to enable them.`,
  )

/** The seller's policies, and whether the shipping one is priced by calculated shipping (eBay then needs the parcel). */
export interface SellerPolicies {
  policies: BusinessPolicies
  calculatedShipping: boolean
  /** Every shipping policy, for the seller to choose per listing; the first is fulfillmentPolicyId. */
  shippingPolicies: ShippingPolicy[]
}

/** The first policy of each kind for EBAY_US; three Account API calls, which the caller caches. */
export async function findBusinessPolicies(sell: EbaySellClient, accessToken: string): Promise<SellerPolicies> {
  const settled = await Promise.allSettled(
    KINDS.map((kind) =>
      sell.send(accessToken, { method: 'GET', path: `/sell/account/v1/${kind.kind}_policy?marketplace_id=EBAY_US` }),
    ),
  )
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
  if (failures.some((failure) => failure instanceof EbayRefusal && failure.errorIds.includes(NOT_OPTED_IN)))
    throw notOptedIn()
  const [failure] = failures
  if (failure instanceof EbayRefusal && failure.ebayStatus === 400)
    throw new AppError(
      400,
      'ebay_refused',
      'eBay refused to list your business policies. Try again, or check them in eBay Seller Hub.',
    )
  if (failures.length) throw failure

  const replies = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const lists = KINDS.map((kind, index) => readReply(policiesSchema(kind), replies[index]!)[kind.list] ?? [])
  const found = KINDS.map((kind, index) => lists[index]![0]?.[kind.id] as string | undefined)
  const missing = KINDS.filter((_, index) => found[index] === undefined).map((kind) => kind.label)
  if (missing.length) throw missingPolicies(missing)
  const shippingPolicies = lists[0]!.map((policy) => ({
    id: policy.fulfillmentPolicyId as string,
    name: (policy.name as string) || 'Shipping policy',
    calculated: (policy.shippingOptions as { costType?: string }[]).some((option) => option.costType === 'CALCULATED'),
  }))
  return {
    policies: { fulfillmentPolicyId: found[0]!, paymentPolicyId: found[1]!, returnPolicyId: found[2]! },
    calculatedShipping: shippingPolicies[0]!.calculated,
    shippingPolicies,
  }
}

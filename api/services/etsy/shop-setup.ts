// What a seller's Etsy shop has set up for a listing to go live (its own shipping profiles, return policies and
// processing profiles), read with the seller's token. Etsy's replies are read as its OpenAPI file describes them
// (ShopShippingProfiles, ShopReturnPolicies, ShopProcessingProfiles); Etsy's taxonomy is seller-taxonomy.ts's.
import * as v from 'valibot'
import type { EtsyChoice } from '../../contract/etsy-publish.ts'
import { readReply, type EtsyApi } from './open-api.ts'

const listOf = <Item extends v.GenericSchema>(item: Item) => v.object({ results: v.array(item) })
const ShippingProfilesSchema = listOf(v.object({ shipping_profile_id: v.number(), title: v.nullish(v.string()) }))
const ReturnPoliciesSchema = listOf(
  v.object({
    return_policy_id: v.number(),
    accepts_returns: v.boolean(),
    accepts_exchanges: v.boolean(),
    return_deadline: v.nullish(v.number()),
  }),
)
const ProcessingProfilesSchema = listOf(
  v.object({
    readiness_state_id: v.number(),
    readiness_state: v.optional(v.string()),
    min_processing_days: v.nullish(v.number()),
    max_processing_days: v.nullish(v.number()),
    processing_days_display_label: v.nullish(v.string()),
  }),
)
export interface ShopSetup {
  shippingProfiles: EtsyChoice[]
  returnPolicies: EtsyChoice[]
  processingProfiles: EtsyChoice[]
}

const returnsName = (policy: v.InferOutput<typeof ReturnPoliciesSchema>['results'][number]) =>
  policy.accepts_returns
    ? `Returns within ${policy.return_deadline ?? '?'} days${policy.accepts_exchanges ? ', exchanges' : ''}`
    : policy.accepts_exchanges
      ? 'Exchanges only'
      : 'No returns'

const READINESS: Record<string, string> = { ready_to_ship: 'Ready to ship', made_to_order: 'Made to order' }

/** "Ready to ship, 1–3 days": the seller picks among their profiles by these, not by Etsy's enum words. */
function processingName(profile: v.InferOutput<typeof ProcessingProfilesSchema>['results'][number]) {
  const state = READINESS[profile.readiness_state ?? ''] ?? `Profile ${profile.readiness_state_id}`
  const { min_processing_days: min, max_processing_days: max } = profile
  const days =
    profile.processing_days_display_label ??
    (min != null && max != null ? (min === max ? `${min} days` : `${min}–${max} days`) : null)
  return days ? `${state}, ${days}` : state
}

export interface EtsyShopSetup {
  read(token: string, shopId: string): Promise<ShopSetup>
}

export function createEtsyShopSetup(api: EtsyApi): EtsyShopSetup {
  const get = <S extends v.GenericSchema>(token: string, path: string, schema: S) =>
    api.send(token, { method: 'GET', path }).then((body) => readReply(schema, body))

  return {
    async read(token: string, shopId: string): Promise<ShopSetup> {
      const shop = `/v3/application/shops/${shopId}`
      const [shipping, returns, processing] = await Promise.all([
        get(token, `${shop}/shipping-profiles`, ShippingProfilesSchema),
        get(token, `${shop}/policies/return`, ReturnPoliciesSchema),
        get(token, `${shop}/readiness-state-definitions`, ProcessingProfilesSchema),
      ])
      return {
        shippingProfiles: shipping.results.map((p) => ({
          id: p.shipping_profile_id,
          name: p.title ?? `Profile ${p.shipping_profile_id}`,
        })),
        returnPolicies: returns.results.map((p) => ({ id: p.return_policy_id, name: returnsName(p) })),
        processingProfiles: processing.results.map((p) => ({ id: p.readiness_state_id, name: processingName(p) })),
      }
    },
  }
}

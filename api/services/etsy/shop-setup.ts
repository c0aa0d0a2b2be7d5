// What a seller's Etsy shop has set up for a listing to go live (its own shipping profiles, return policies and
// processing profiles), and Etsy's seller taxonomy, read with the seller's token. Etsy's replies are read as its
// OpenAPI file describes them (ShopShippingProfiles, ShopReturnPolicies, ShopProcessingProfiles, SellerTaxonomyNodes).
import * as v from 'valibot'
import type { EtsyChoice } from '../../contract/etsy-publish.ts'
import type { Category } from '../../contract/options.ts'
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
interface TaxonomyNode {
  id: number
  name: string
  children: TaxonomyNode[]
}
const TaxonomyNodeSchema: v.GenericSchema<Omit<TaxonomyNode, 'children'> & { children?: unknown }, TaxonomyNode> =
  v.object({
    id: v.number(),
    name: v.string(),
    children: v.optional(
      v.lazy(() => v.array(TaxonomyNodeSchema)),
      [],
    ),
  })
const TaxonomySchema = listOf(TaxonomyNodeSchema)

/**
 * Etsy's top-level seller taxonomy node for each of Snaplist's Categories (Etsy's names); 'other' has none, so the
 * seller chooses.
 */
const TAXONOMY_NAMES: Record<Category, string | null> = {
  clothing: 'Clothing',
  electronics: 'Electronics & Accessories',
  home: 'Home & Living',
  collectibles: 'Art & Collectibles',
  other: null,
}

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

function findNode(nodes: TaxonomyNode[], match: (node: TaxonomyNode) => boolean): TaxonomyNode | undefined {
  for (const node of nodes) {
    if (match(node)) return node
    const below = findNode(node.children, match)
    if (below) return below
  }
  return undefined
}

/** Every node with its path from the top ("Clothing › Jeans"), as the seller reads a category. */
function flatten(nodes: TaxonomyNode[], above: string[] = []): EtsyChoice[] {
  return nodes.flatMap((node) => {
    const path = [...above, node.name]
    return [{ id: node.id, name: path.join(' › ') }, ...flatten(node.children, path)]
  })
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** The most specific node below the Category's whose name's words all appear in the title: "Levi's 501 jeans" → Jeans. */
function fromTitle(top: TaxonomyNode, title: string): TaxonomyNode {
  const said = new Set(wordsOf(title).map((word) => word.replace(/s$/, '')))
  const named = (node: TaxonomyNode) => wordsOf(node.name).every((word) => said.has(word.replace(/s$/, '')))
  return findNode(top.children, named) ?? top
}

/** At most this many matches answer a search: the seller types more to narrow it. */
const SEARCH_RESULTS_MAX = 20

export function createEtsyShopSetup(api: EtsyApi) {
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

    /**
     * The chosen node, or the one the listing's title names below its Category's (the Category's own when none);
     * null when neither is in Etsy's tree.
     */
    async taxonomy(
      token: string,
      chosen: number | undefined,
      listing: { category: string; title: string },
    ): Promise<EtsyChoice | null> {
      const tree = (await get(token, '/v3/application/seller-taxonomy/nodes', TaxonomySchema)).results
      const name = TAXONOMY_NAMES[listing.category as Category] ?? null
      const top = chosen === undefined ? findNode(tree, (n) => n.name === name) : undefined
      const node = top ? fromTitle(top, listing.title) : findNode(tree, (n) => n.id === chosen)
      return node ? (flatten(tree).find((choice) => choice.id === node.id) ?? null) : null
    },

    /** Etsy's categories whose path has every word the seller typed, most specific first. */
    async search(token: string, query: string): Promise<EtsyChoice[]> {
      const tree = (await get(token, '/v3/application/seller-taxonomy/nodes', TaxonomySchema)).results
      const asked = wordsOf(query)
      return flatten(tree)
        .filter((choice) => asked.every((word) => wordsOf(choice.name).some((named) => named.startsWith(word))))
        .sort((a, b) => b.name.split(' › ').length - a.name.split(' › ').length)
        .slice(0, SEARCH_RESULTS_MAX)
    },
  }
}

export type EtsyShopSetup = ReturnType<typeof createEtsyShopSetup>

// Etsy's seller taxonomy (its category tree), the same for every seller: kept a day in Postgres for the whole install, so
// any number of searches and checks in any number of API processes download it at most once a day (issue 46 G3), with
// this process's copy in front for some minutes; a download asks Etsy once however many requests want the tree at once.
// What a listing's category is in it, and the seller's search of it, are read from the tree.
import * as v from 'valibot'
import type { EtsyChoice } from '../../contract/etsy-publish.ts'
import type { Category } from '../../contract/options.ts'
import type { Sql } from '../../db/client.ts'
import * as kept from '../../db/etsy-seller-taxonomy.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import { readReply, type EtsyApi } from './open-api.ts'

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
// Etsy's SellerTaxonomyNodes, read down to what is kept: ids, names and children.
const TaxonomySchema = v.object({ results: v.array(TaxonomyNodeSchema) })

/** How long a download is used: Etsy changes its taxonomy a few times a year. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000
/** How long this process uses its copy before it reads Postgres again (another process may have downloaded since). */
const MEMO_MS = 10 * 60 * 1000

/**
 * Etsy's top-level seller taxonomy node for each of Snaplist's Categories (Etsy's names); 'other' has none, so the
 * seller chooses.
 */
const TAXONOMY_NAMES: Record<Category, string | null> = {
  clothing: 'Clothing',
  electronics: 'Electronics & Accessories',
  home: 'Home & Living',
  collectibles: 'Art & Collectibles',
  books: 'Books, Movies & Music',
  other: null,
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

/** Runs a call to Etsy with a seller's token: only when the tree must be downloaded. */
export type AsSeller = <T>(use: (token: string) => Promise<T>) => Promise<T>

export interface SellerTaxonomy {
  /**
   * The chosen node, or the one the listing's title names below its Category's (the Category's own when none); null
   * when neither is in Etsy's tree.
   */
  choice(
    asSeller: AsSeller,
    chosen: number | undefined,
    listing: { category: string; title: string },
  ): Promise<EtsyChoice | null>
  /** Etsy's categories whose path has every word the seller typed, most specific first. */
  search(asSeller: AsSeller, query: string): Promise<EtsyChoice[]>
}

export function createSellerTaxonomy(deps: { sql: Sql; api: EtsyApi; limits: LookupLimiter }): SellerTaxonomy {
  const { sql, api, limits } = deps
  let memo: { nodes: TaxonomyNode[]; until: number } | undefined
  let reading: Promise<TaxonomyNode[]> | undefined

  const download = (asSeller: AsSeller) =>
    asSeller(async (token) => {
      await limits.asking('etsy')
      const body = await api.send(token, { method: 'GET', path: '/v3/application/seller-taxonomy/nodes' })
      return readReply(TaxonomySchema, body).results
    })

  async function read(asSeller: AsSeller): Promise<TaxonomyNode[]> {
    const found = await kept.findSellerTaxonomy<TaxonomyNode[]>(sql, MAX_AGE_MS)
    const nodes = found?.nodes ?? (await download(asSeller))
    if (!found) await kept.saveSellerTaxonomy(sql, nodes)
    const fetchedAt = found?.fetchedAt.getTime() ?? Date.now()
    memo = { nodes, until: Math.min(Date.now() + MEMO_MS, fetchedAt + MAX_AGE_MS) }
    return nodes
  }

  function tree(asSeller: AsSeller): Promise<TaxonomyNode[]> {
    if (memo && memo.until > Date.now()) return Promise.resolve(memo.nodes)
    reading ??= read(asSeller).finally(() => (reading = undefined))
    return reading
  }

  return {
    async choice(asSeller, chosen, listing) {
      const nodes = await tree(asSeller)
      const name = TAXONOMY_NAMES[listing.category as Category] ?? null
      const top = chosen === undefined ? findNode(nodes, (n) => n.name === name) : undefined
      const node = top ? fromTitle(top, listing.title) : findNode(nodes, (n) => n.id === chosen)
      return node ? (flatten(nodes).find((choice) => choice.id === node.id) ?? null) : null
    },

    async search(asSeller, query) {
      const asked = wordsOf(query)
      return flatten(await tree(asSeller))
        .filter((choice) => asked.every((word) => wordsOf(choice.name).some((named) => named.startsWith(word))))
        .sort((a, b) => b.name.split(' › ').length - a.name.split(' › ').length)
        .slice(0, SEARCH_RESULTS_MAX)
    },
  }
}

// The seller's price rules and floors (issue 51, docs/decisions/0075): the rules as set (the defaults until then), the
// floor a seller types on a listing, a listing's floor with what it is made of, and the stale listings (decision 0080).
import { toCents } from '../../contract/listing-field-schemas.ts'
import {
  STALE_NAMED,
  type ListingFloors,
  type ListingFloorView,
  type PriceRules,
  type PriceRulesView,
  type StaleListings,
} from '../../contract/price-rules.ts'
import type { Sql } from '../../db/client.ts'
import { setListingFloor } from '../../db/listing-floors.ts'
import { savePriceRules } from '../../db/price-rules.ts'
import { notFound } from '../../errors.ts'
import { floorsOf, rulesOf } from './floors.ts'
import type { Markdowns } from './markdowns.ts'
import { staleOf } from './stale.ts'

export interface PriceRulesService {
  view(userId: number): Promise<PriceRulesView>
  change(userId: number, rules: PriceRules): Promise<PriceRulesView>
  floor(userId: number, listingId: number): Promise<ListingFloorView>
  floors(userId: number, listingIds: number[]): Promise<ListingFloors>
  /** Types (or, with null, takes off) the listing's floor; answers its floor now. */
  typeFloor(userId: number, listingId: number, dollars: number | null): Promise<ListingFloorView>
  /** Pauses the ladder for the listing, or lets it go on; answers its floor now. */
  pauseMarkdowns(userId: number, listingId: number, paused: boolean): Promise<ListingFloorView>
  /** The stale listings, counted and the oldest named, for the Dashboard. */
  stale(userId: number): Promise<StaleListings>
}

const gone = () => notFound('This listing was not found.')

export function createPriceRules(sql: Sql, markdowns: Markdowns): PriceRulesService {
  const view = async (userId: number): Promise<PriceRulesView> => {
    const [rules, runs] = await Promise.all([rulesOf(sql, userId), markdowns.history(userId)])
    const results = {
      sold: runs.reduce((sum, run) => sum + run.sold, 0),
      revenueCents: runs.reduce((sum, run) => sum + run.revenueCents, 0),
    }
    return { rules, runs, results }
  }
  const floor = async (userId: number, listingId: number) => {
    const found = (await floorsOf(sql, userId, [listingId])).get(listingId)
    if (!found) throw gone()
    return found
  }
  return {
    view,
    async change(userId, rules) {
      await savePriceRules(sql, userId, rules)
      return view(userId)
    },
    floor,
    async floors(userId, listingIds) {
      const found = await floorsOf(sql, userId, listingIds)
      return {
        floors: listingIds.flatMap((listingId) => {
          const floor = found.get(listingId)
          return floor ? [{ listingId, ...floor }] : []
        }),
      }
    },
    async typeFloor(userId, listingId, dollars) {
      const floorCents = dollars === null ? null : toCents(dollars)
      if (!(await setListingFloor(sql, userId, listingId, { floorCents }))) throw gone()
      return floor(userId, listingId)
    },
    async pauseMarkdowns(userId, listingId, paused) {
      if (!(await setListingFloor(sql, userId, listingId, { paused }))) throw gone()
      return floor(userId, listingId)
    },
    stale: (userId) => staleOf(sql, userId, STALE_NAMED),
  }
}

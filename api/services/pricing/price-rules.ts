// The seller's price rules and floors (issue 51, docs/decisions/0075): the rules as set (the defaults until then), the
// floor a seller types on a listing, and a listing's floor with what it is made of.
import { toCents } from '../../contract/listing-field-schemas.ts'
import type { ListingFloors, ListingFloorView, PriceRules, PriceRulesView } from '../../contract/price-rules.ts'
import type { Sql } from '../../db/client.ts'
import { setListingFloor } from '../../db/listing-floors.ts'
import { savePriceRules } from '../../db/price-rules.ts'
import { notFound } from '../../errors.ts'
import { floorsOf, rulesOf } from './floors.ts'
import type { Markdowns } from './markdowns.ts'

export interface PriceRulesService {
  view(userId: number): Promise<PriceRulesView>
  change(userId: number, rules: PriceRules): Promise<PriceRulesView>
  floor(userId: number, listingId: number): Promise<ListingFloorView>
  floors(userId: number, listingIds: number[]): Promise<ListingFloors>
  /** Types (or, with null, takes off) the listing's floor; answers its floor now. */
  typeFloor(userId: number, listingId: number, dollars: number | null): Promise<ListingFloorView>
  /** Pauses the ladder for the listing, or lets it go on; answers its floor now. */
  pauseMarkdowns(userId: number, listingId: number, paused: boolean): Promise<ListingFloorView>
}

const gone = () => notFound('This listing was not found.')

export function createPriceRules(sql: Sql, markdowns: Markdowns): PriceRulesService {
  const view = async (userId: number): Promise<PriceRulesView> => {
    const [rules, runs] = await Promise.all([rulesOf(sql, userId), markdowns.history(userId)])
    return { rules, runs }
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
  }
}

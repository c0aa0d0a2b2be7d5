// Ending a listing on Etsy (updateListing state=inactive: Etsy refuses a quantity of 0 on an active listing, so taking
// it down is the state) and putting it back up (state=active), each answering at once when it is already so.
import * as v from 'valibot'
import type { LifecycleChange } from '../selling/marketplace.ts'
import type { Sql } from '../../db/client.ts'
import * as places from '../../db/listing-marketplaces.ts'
import * as listings from '../../db/listings.ts'
import { findConnection } from '../../db/marketplace-connections.ts'
import { notFound } from '../../errors.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { etsyNotConnected } from './errors.ts'
import { readReply, type EtsyApi } from './open-api.ts'
import { listingUrl } from './publish.ts'

const UpdatedSchema = v.object({ listing_id: v.number(), state: v.string(), url: v.nullish(v.string()) })

export function createEtsyEndAndRelist(deps: {
  sql: Sql
  api: EtsyApi
  connectionService: MarketplaceConnectionService
}) {
  const { sql, api, connectionService } = deps

  async function change(userId: number, listingId: number, to: 'active' | 'inactive'): Promise<LifecycleChange> {
    const listing = await listings.findListing(sql, userId, listingId)
    const place = listing && (await places.findPlace(sql, listingId, 'etsy'))
    if (!place?.externalId || place.status === 'draft' || place.status === 'sold')
      throw notFound('This listing is not on Etsy.')
    const etsyId = place.externalId
    const answer = (status: 'active' | 'inactive', url: string | null, message: string): LifecycleChange => ({
      message,
      platformStatus: status === 'active' ? 'active' : 'ended',
      platformListingId: `etsy-${etsyId}`,
      viewUrl: status === 'active' ? (url ?? listingUrl(etsyId)) : null,
    })
    if (place.status === to)
      return answer(to, place.url, to === 'active' ? 'This listing is live on Etsy.' : 'This listing is ended on Etsy.')
    const shopId = (await findConnection(sql, userId, 'etsy'))?.accountId
    if (!shopId) throw etsyNotConnected()
    const updated = await connectionService.call(userId, 'etsy', async (token) =>
      readReply(
        UpdatedSchema,
        await api.send(token, {
          method: 'PATCH',
          path: `/v3/application/shops/${shopId}/listings/${etsyId}`,
          form: new URLSearchParams({ state: to }),
        }),
      ),
    )
    await places.saveStatus(sql, listingId, 'etsy', to, updated.url ?? null)
    return answer(to, updated.url ?? place.url, to === 'active' ? 'Relisted on Etsy.' : 'Ended on Etsy.')
  }

  return {
    end: (userId: number, listingId: number) => change(userId, listingId, 'inactive'),
    relist: (userId: number, listingId: number) => change(userId, listingId, 'active'),
  }
}

// Ending a listing on Etsy (updateListing state=inactive: Etsy refuses a quantity of 0 on an active listing, so taking
// it down is the state) and putting it back up (state=active), each answering at once when it is already so. A listing
// that sold out there is renewed the same way (issue 47): Etsy then sets its count to 1, so the listing's own count
// follows in a revision.
import * as v from 'valibot'
import type { LifecycleChange } from '../selling/marketplace.ts'
import type { Sql } from '../../db/client.ts'
import * as places from '../../db/listing-etsy-place.ts'
import * as listings from '../../db/listings.ts'
import { findConnection } from '../../db/marketplace-connections.ts'
import { notFound } from '../../errors.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { etsyNotConnected } from './errors.ts'
import { readReply, type EtsyApi } from './open-api.ts'
import { listingUrl } from './publish.ts'
import type { EtsyRevisions } from './revisions.ts'

const UpdatedSchema = v.object({ listing_id: v.number(), state: v.string(), url: v.nullish(v.string()) })

// Etsy's updateListing: "Setting a sold_out listing to active will update the quantity to 1 and renew the listing".
const RENEWED_COUNT = 1

export function createEtsyEndAndRelist(deps: {
  sql: Sql
  api: EtsyApi
  connectionService: MarketplaceConnectionService
  revisions: Pick<EtsyRevisions, 'requestRevision'>
}) {
  const { sql, api, connectionService, revisions } = deps

  async function change(userId: number, listingId: number, to: 'active' | 'inactive'): Promise<LifecycleChange> {
    const listing = await listings.findListing(sql, userId, listingId)
    if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
    const place = await places.findPlace(sql, listingId, 'etsy')
    const renewing = place?.status === 'sold' && to === 'active'
    if (!place?.externalId || place.status === 'draft' || (place.status === 'sold' && !renewing))
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
    if (renewing)
      await sql.begin(async (tx) => {
        await places.markRenewed(tx, listingId, 'etsy', RENEWED_COUNT, updated.url ?? null)
        await revisions.requestRevision(tx, { id: listingId })
      })
    else await places.saveStatus(sql, listingId, 'etsy', to, updated.url ?? null)
    return answer(to, updated.url ?? place.url, to === 'active' ? 'Relisted on Etsy.' : 'Ended on Etsy.')
  }

  return {
    end: (userId: number, listingId: number) => change(userId, listingId, 'inactive'),
    relist: (userId: number, listingId: number) => change(userId, listingId, 'active'),
  }
}

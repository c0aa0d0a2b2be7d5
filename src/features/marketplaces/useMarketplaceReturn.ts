// The Dashboard's side of connecting a marketplace (docs/product.md §2, §4): a result in the address (?<marketplace>=success) becomes a
// toast and leaves the address; a fresh in-progress mark without one means the seller came straight back from the
// marketplace, so the server is asked whether the connection exists now.
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import {
  PLATFORMS,
  statusCheckFailed,
  type MarketplaceResult,
  type Platform,
} from '../../../api/contract/marketplace-paths.ts'
import { authInProgress, clearAuthFlags } from '../../lib/marketplace-flags.ts'
import { isSuccess } from './marketplace-return.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'
import { checkAuthentication, marketplaceKeys } from '../../queries/marketplace-queries.ts'

/**
 * A new grant: the connections, and everything read per listing from the marketplace account (what a marketplace needs
 * for a listing can name the seller's policies there), are read again, as the server reads the account again (issue 47).
 */
function readAgainAfterConnect(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  void queryClient.invalidateQueries({ queryKey: listingKeys.all })
}

/** A return from the marketplace's sign-in, said once: a toast, and on a success everything read again. */
async function announceReturn(queryClient: QueryClient, platform: Platform, success: boolean) {
  clearAuthFlags(platform)
  // The marketplaces' words load when there is a return to announce, not with the Dashboard.
  const { messages } = (await import('../../../api/contract/marketplace-descriptions.ts')).MARKETPLACES[platform]
  if (!success) return notify('Connection Failed', messages.returnedWithError, 'error')
  notify('Success', messages.connected, 'success')
  readAgainAfterConnect(queryClient)
}

const route = getRouteApi('/signed-in/')

export function useMarketplaceReturn() {
  const search = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // One string, so the effect runs when a result arrives rather than whenever the search object is rebuilt.
  const results = PLATFORMS.map((platform) => `${platform}=${search[platform] ?? ''}`).join('&')

  useEffect(() => {
    const arrived = new URLSearchParams(results)
    const confirm = async (platform: Platform) => {
      try {
        const connected = await checkAuthentication(platform)
        clearAuthFlags(platform)
        if (connected) await navigate({ to: '/', search: { [platform]: 'connected' }, replace: true })
      } catch {
        notify('Error', statusCheckFailed(platform), 'error')
      }
    }

    let announced = false
    for (const platform of PLATFORMS) {
      const result = arrived.get(platform) as MarketplaceResult | ''
      if (result) {
        void announceReturn(queryClient, platform, isSuccess(result))
        announced = true
      } else if (authInProgress(platform)) {
        void confirm(platform)
      }
    }
    // The result has been said; a reload or a shared link must not say it again.
    if (announced) void navigate({ to: '/', search: {}, replace: true })
  }, [results, navigate, queryClient])

  useWingReturns()
}

/** Each marketplace's own report of a return from its sign-in (its wing's listenForReturn), said as the address's is. */
function useWingReturns() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const stops = MARKETPLACE_WINGS.map(({ id, listenForReturn }) =>
      listenForReturn?.((success) => void announceReturn(queryClient, id, success)),
    )
    return () => stops.forEach((stop) => stop?.())
  }, [queryClient])
}

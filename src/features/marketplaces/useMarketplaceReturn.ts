// The Dashboard's side of connecting a marketplace (docs/product.md §2, §4): a result in the address (?etsy=success) becomes a
// toast and leaves the address; a fresh in-progress mark without one means the seller came straight back from the
// marketplace, so the server is asked whether the connection exists now.
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { MARKETPLACES, PLATFORMS, type MarketplaceResult, type Platform } from '../../../api/contract/marketplaces.ts'
import { isEbayPopupMessage } from './connect-words.ts'
import { authInProgress, clearAuthFlags } from '../../lib/marketplace-flags.ts'
import { isSuccess } from './marketplace-return.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'
import { checkAuthentication, marketplaceKeys } from '../../queries/marketplace-queries.ts'

/**
 * A new grant: the connections, and everything read per listing from the marketplace account (what eBay needs for a
 * listing names the seller's shipping policies), are read again, as the server reads the account again (issue 47).
 */
function readAgainAfterConnect(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  void queryClient.invalidateQueries({ queryKey: listingKeys.all })
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
    const announce = (platform: Platform, result: MarketplaceResult) => {
      clearAuthFlags(platform)
      const messages = MARKETPLACES[platform].messages
      if (!isSuccess(result)) return notify('Connection Failed', messages.returnedWithError, 'error')
      notify('Success', messages.connected, 'success')
      readAgainAfterConnect(queryClient)
    }
    const confirm = async (platform: Platform) => {
      try {
        const connected = await checkAuthentication(platform)
        clearAuthFlags(platform)
        if (connected) await navigate({ to: '/', search: { [platform]: 'connected' }, replace: true })
      } catch {
        notify('Error', MARKETPLACES[platform].messages.statusCheckFailed, 'error')
      }
    }

    let announced = false
    for (const platform of PLATFORMS) {
      const result = arrived.get(platform) as MarketplaceResult | ''
      if (result) {
        announce(platform, result)
        announced = true
      } else if (authInProgress(platform)) {
        void confirm(platform)
      }
    }
    // The result has been said; a reload or a shared link must not say it again.
    if (announced) void navigate({ to: '/', search: {}, replace: true })
  }, [results, navigate, queryClient])

  useEbayPopupMessages()
}

/**
 * eBay's callback running in a popup reports here (docs/product.md §3): EBAY_CONNECTED carries the outcome, so it alone is
 * announced; EBAY_AUTH_SUCCESS / EBAY_AUTH_ERROR only from a callback that sends nothing else.
 */
function useEbayPopupMessages() {
  const queryClient = useQueryClient()
  useEffect(() => {
    let announced = false
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isEbayPopupMessage(event.data)) return
      const message = event.data
      if (message.type !== 'EBAY_CONNECTED' && announced) return
      announced = true
      clearAuthFlags('ebay')
      const success = message.type === 'EBAY_CONNECTED' ? message.success : message.type === 'EBAY_AUTH_SUCCESS'
      if (!success) return notify('Connection Failed', MARKETPLACES.ebay.messages.returnedWithError, 'error')
      notify('Success', MARKETPLACES.ebay.messages.connected, 'success')
      readAgainAfterConnect(queryClient)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [queryClient])
}

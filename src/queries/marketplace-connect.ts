// Starting a marketplace connection: off to the marketplace's consent page. The Marketplaces panel and a marketplace's
// Post dialogs (not connected yet) both offer it.
import { useMutation } from '@tanstack/react-query'
import type { MarketplaceDescription } from '../../api/contract/marketplace-description.ts'
import { MARKETPLACES, type AuthUrlReply, type Platform } from '../../api/contract/marketplaces.ts'
import { api, ApiError, okJson } from '../lib/api.ts'
import { markAuthStarted } from '../lib/marketplace-flags.ts'
import { notify } from '../lib/notify.tsx'
import { ReauthCancelled, withReauth } from '../lib/reauth.ts'

/** Fetches the marketplace's authorization URL, marks the authorization as started, and leaves for the marketplace. */
export function useStartConnect(platform: Platform) {
  return useMutation({
    // Connecting from a session idle for over 12 hours needs the password first (docs/decisions/0026).
    // `store`: the seller's store, where the marketplace connects one (its description's store part).
    mutationFn: (store?: string): Promise<AuthUrlReply> => {
      const asked = (MARKETPLACES[platform] as MarketplaceDescription).store
      const query = asked && store !== undefined ? { [asked.param]: store } : {}
      return withReauth(() =>
        okJson(api['marketplace-connections'][':platform'].auth.$get({ param: { platform }, query })),
      )
    },
    onSuccess: ({ authUrl }) => {
      markAuthStarted(platform)
      window.location.assign(authUrl)
    },
    onError: (error) =>
      error instanceof ReauthCancelled ||
      // A store name refused is the server's sentence to show; anything else the marketplace's.
      notify(
        'Connection Failed',
        error instanceof ApiError && error.status === 400
          ? error.message
          : MARKETPLACES[platform].messages.connectFailed,
        'error',
      ),
  })
}

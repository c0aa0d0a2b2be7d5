// Starting a marketplace connection: off to the marketplace's consent page. The Marketplaces panel and a marketplace's
// Post dialogs (not connected yet) both offer it.
import { useMutation } from '@tanstack/react-query'
import { MARKETPLACES, type AuthUrlReply, type Platform } from '../../api/contract/marketplaces.ts'
import { api, okJson } from '../lib/api.ts'
import { markAuthStarted } from '../lib/marketplace-flags.ts'
import { notify } from '../lib/notify.tsx'
import { ReauthCancelled, withReauth } from '../lib/reauth.ts'

/** Fetches the marketplace's authorization URL, marks the authorization as started, and leaves for the marketplace. */
export function useStartConnect(platform: Platform) {
  return useMutation({
    // Connecting from a session idle for over 12 hours needs the password first (docs/decisions/0026).
    mutationFn: (): Promise<AuthUrlReply> =>
      withReauth(() => okJson(api['marketplace-connections'][':platform'].auth.$get({ param: { platform } }))),
    onSuccess: ({ authUrl }) => {
      markAuthStarted(platform)
      window.location.assign(authUrl)
    },
    onError: (error) =>
      error instanceof ReauthCancelled ||
      notify('Connection Failed', MARKETPLACES[platform].messages.connectFailed, 'error'),
  })
}

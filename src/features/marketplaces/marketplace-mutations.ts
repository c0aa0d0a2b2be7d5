// Marketplace connections as changed: starting a connection (off to the marketplace), finishing one (the code
// exchange) and disconnecting, with the words of each marketplace's description.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  MARKETPLACES,
  type AuthUrlReply,
  type ExchangeInput,
  type ExchangeReply,
  type Platform,
} from '../../../api/contract/marketplaces.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { markAuthStarted } from './marketplace-flags.ts'
import { ReauthCancelled, withReauth } from '../../lib/reauth.ts'
import { marketplaceKeys } from './marketplace-queries.ts'

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

/** Each marketplace's code exchange (its exchangePath in the description). */
const EXCHANGES = {
  ebay: (json: ExchangeInput) => api['marketplace-connections'].ebay['exchange-token'].$post({ json }),
  etsy: (json: ExchangeInput) => api.etsy['exchange-token'].$post({ json }),
} satisfies Record<Platform, unknown>

/** Sends the code the marketplace returned with the state it came back with; the callback screen says how it went. */
export function useExchange(platform: Platform) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: ExchangeInput): Promise<ExchangeReply> => okJson(EXCHANGES[platform](json)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}

export function useDisconnect(platform: Platform) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => okJson(api['marketplace-connections'][':platform'].$delete({ param: { platform } })),
    onSuccess: () =>
      notify('Disconnected', `Your ${MARKETPLACES[platform].name} account has been disconnected.`, 'success'),
    onError: (error) => notify('Error', errorMessage(error), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}

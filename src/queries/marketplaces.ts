// Marketplace connections: the list the Dashboard reads, one marketplace's status, and the mutations that start a
// connection, finish an Etsy one and disconnect.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  PLATFORM_NAMES,
  type AuthUrlReply,
  type CheckAuthenticationReply,
  type EbayEnvironmentReport,
  type EtsyExchangeInput,
  type MarketplaceConnection,
  type MarketplaceStatus,
  type Platform,
} from '../../api/contract/marketplaces.ts'
import { apiJson, apiRequest, errorMessage, getJson } from '../lib/api.ts'
import { clearAuthFlags, markAuthStarted } from '../lib/marketplace-flags.ts'
import { MARKETPLACE_MESSAGES } from '../lib/marketplace-messages.ts'
import { notify } from '../lib/notify.tsx'

export const marketplaceKeys = {
  all: ['marketplace-connections'] as const,
  status: (platform: Platform) => ['marketplace-connections', platform, 'status'] as const,
}

export const marketplaceConnectionsQuery = queryOptions({
  queryKey: marketplaceKeys.all,
  queryFn: async ({ signal }) => (await getJson<MarketplaceConnection[]>('/api/marketplace-connections', { signal })) ?? [],
})

export const marketplaceStatusQuery = (platform: Platform) =>
  queryOptions({
    queryKey: marketplaceKeys.status(platform),
    queryFn: ({ signal }) => getJson<MarketplaceStatus>(`/api/marketplace-connections/${platform}/status`, { signal }),
  })

export const checkAuthentication = async (platform: Platform) =>
  (await apiJson<CheckAuthenticationReply>('GET', `/api/marketplace-connections/${platform}/check-authentication`)).connected

/** Fetches the marketplace's authorization URL, marks the authorization as started, and leaves for the marketplace. */
export function useStartConnect(platform: Platform) {
  return useMutation({
    mutationFn: () => apiJson<AuthUrlReply>('GET', `/api/marketplace-connections/${platform}/auth`),
    onSuccess: ({ authUrl }) => {
      markAuthStarted(platform)
      window.location.assign(authUrl)
    },
    onError: () => notify('Connection Failed', MARKETPLACE_MESSAGES[platform].connectFailed, 'error'),
  })
}

/** Sends the code and state Etsy returned; on success the marks are cleared and the connections read again. */
export function useEtsyExchange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: EtsyExchangeInput) => apiJson<{ connection: MarketplaceConnection }>('POST', '/api/etsy/exchange-token', input),
    onSuccess: async () => {
      clearAuthFlags('etsy')
      notify('Success', MARKETPLACE_MESSAGES.etsy.connected, 'success')
      await queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
    },
  })
}

/** Sends the code eBay returned with the state it came back with. The callback screen says how it went. */
export function useEbayExchange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { code: string; state: string }) =>
      apiJson<{ connection: MarketplaceConnection }>('POST', '/api/marketplace-connections/ebay/exchange-token', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}

/** The 'Check Environment' diagnostic: which eBay settings this server has (never their values). */
export const fetchEbayEnvironment = () => apiJson<EbayEnvironmentReport>('GET', '/api/debug/ebay-environment')

export function useDisconnect(platform: Platform) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/marketplace-connections/${platform}`),
    onSuccess: () => notify('Disconnected', `Your ${PLATFORM_NAMES[platform]} account has been disconnected.`, 'success'),
    onError: (error) => notify('Error', errorMessage(error), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}

// Marketplace connections as changed: finishing one (the code exchange) and disconnecting, with the words of each
// marketplace's description. Starting one is shared (src/queries/marketplace-connect.ts): Post to eBay offers it too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  MARKETPLACES,
  type ExchangeInput,
  type ExchangeReply,
  type Platform,
} from '../../../api/contract/marketplaces.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'

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

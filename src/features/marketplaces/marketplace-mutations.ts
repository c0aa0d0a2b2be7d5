// Marketplace connections as changed: disconnecting, with the words of each marketplace's description. Finishing one
// (the code exchange) is the callback's (connect-part.ts); starting one is shared (src/queries/marketplace-connect.ts):
// a Post dialog offers it too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MARKETPLACE_PATHS, type Platform } from '../../../api/contract/marketplace-paths.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'

export function useDisconnect(platform: Platform) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => okJson(api['marketplace-connections'][':platform'].$delete({ param: { platform } })),
    onSuccess: () =>
      notify('Disconnected', `Your ${MARKETPLACE_PATHS[platform].name} account has been disconnected.`, 'success'),
    onError: (error) => notify('Error', errorMessage(error), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}

// Marketplace connections as read: the list the Dashboard reads (the router prefetches it, so this module is on every
// page and keeps to the reads), one marketplace's status and the live check. Starting a
// connection is in marketplace-connect.ts, the other changes in src/features/marketplaces/marketplace-mutations.ts.
import { queryOptions } from '@tanstack/react-query'
import type { MarketplaceConnection, MarketplaceStatus, Platform } from '../../api/contract/marketplaces.ts'
import { api, cancelledBy, okJson } from '../lib/api.ts'

export const marketplaceKeys = {
  all: ['marketplace-connections'] as const,
  status: (platform: Platform) => ['marketplace-connections', platform, 'status'] as const,
}

export const marketplaceConnectionsQuery = queryOptions({
  queryKey: marketplaceKeys.all,
  queryFn: ({ signal }): Promise<MarketplaceConnection[]> =>
    okJson(api['marketplace-connections'].$get(undefined, cancelledBy(signal))),
})

export const marketplaceStatusQuery = (platform: Platform) =>
  queryOptions({
    queryKey: marketplaceKeys.status(platform),
    queryFn: ({ signal }): Promise<MarketplaceStatus> =>
      okJson(api['marketplace-connections'][':platform'].status.$get({ param: { platform } }, cancelledBy(signal))),
  })

export const checkAuthentication = async (platform: Platform) =>
  (await okJson(api['marketplace-connections'][':platform']['check-authentication'].$get({ param: { platform } })))
    .connected

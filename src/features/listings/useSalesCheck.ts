// Reading the seller's sales now on each marketplace they connected (docs/product.md §4, decision 0033): when the
// Dashboard opens or the phone comes back online, and when the seller pulls the Dashboard down or taps Check sales. The
// server reads them at once (at most every 15 s per seller, whoever asks); once each read has landed (its connection's
// lastSyncedAt moved), the listings are read again, so a sale shows when the seller looks rather than at the next
// poll. A check that fails changes nothing: the regular poll still runs.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent } from 'react'
import type { MarketplaceConnection, Platform } from '../../../api/contract/marketplaces.ts'
import { useOnline } from '../../hooks/useOnline.ts'
import { api, okJson } from '../../lib/api.ts'
import { listingKeys } from '../../queries/listing-queries.ts'
import { marketplaceConnectionsQuery, marketplaceKeys } from '../../queries/marketplace-queries.ts'

/** The longest wait for a read to land; past it the listings are read again anyway. */
const READ_WAIT_MS = 15_000
/** Between looks at the connections while a read is under way. */
const LOOK_EVERY_MS = 1_000

const lastReadOf = (connections: MarketplaceConnection[] | undefined, platform: Platform) =>
  connections?.find((connection) => connection.platform === platform)?.lastSyncedAt

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asks for the sales to be read on every marketplace, waits for the reads to land, then reads the listings again. */
async function readSalesNow(queryClient: QueryClient) {
  const before = queryClient.getQueryData(marketplaceConnectionsQuery.queryKey)
  // Asked less than 15 s ago, the read that ask queued is the one to wait for: it has landed or soon will.
  const reading = await okJson(api.sales.refresh.$post()).then(
    ({ queued }) => queued,
    (): Platform[] => [],
  )
  for (let waited = 0; reading.length > 0 && waited < READ_WAIT_MS; waited += LOOK_EVERY_MS) {
    await pause(LOOK_EVERY_MS)
    const now = await queryClient.fetchQuery({ ...marketplaceConnectionsQuery, staleTime: 0 }).catch(() => before)
    if (reading.every((platform) => lastReadOf(now, platform) !== lastReadOf(before, platform))) break
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: marketplaceKeys.all, exact: true }),
    queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  ])
}

export interface SalesCheck {
  /** The marketplaces whose sales are read: connected, with a grant that works. */
  connected: MarketplaceConnection[]
  checking: boolean
  /** Asks for every connected marketplace's sales to be read now; settles once they are (or the wait is over). */
  check: () => Promise<void>
}

export function useSalesCheck(): SalesCheck {
  const queryClient = useQueryClient()
  const connections = useQuery(marketplaceConnectionsQuery)
  const connected = connections.data?.filter((connection) => connection.connected) ?? []
  const platforms = connected.map((connection) => connection.platform)
  const online = useOnline()
  const reading = useMutation({ mutationFn: () => readSalesNow(queryClient) })

  // Checked again when a marketplace is connected.
  const key = platforms.join(',')
  const checkAtOpen = useEffectEvent(() => reading.mutate())
  useEffect(() => {
    if (online && key) checkAtOpen()
  }, [online, key])

  return {
    connected,
    checking: reading.isPending,
    check: () => reading.mutateAsync().catch(() => {}),
  }
}

// Connected Marketplaces: one row per marketplace with its state from GET /api/marketplace-connections (Connected
// with the account's name, expired, or not connected), Connect through an explanatory dialog, and Disconnect; under
// them, what a connected marketplace's wing adds (its Connected part: importing its listings).
// A check that fails (offline, server unreachable) never makes a connection look lost: the last known state stays,
// with a note, and with none known the row offers Try again rather than Connect. Offline, a check that could not run
// is no failure: the last known state shows (last-seen.ts keeps it on the phone). Back online, it checks again.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import {
  MARKETPLACE_PATHS,
  PLATFORMS,
  statusCheckFailed,
  type Platform,
} from '../../../api/contract/marketplace-paths.ts'
import type { MarketplaceConnection } from '../../../api/contract/marketplaces.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { useOnline } from '../../hooks/useOnline.ts'
import { useRefetchFailedWhenOnline } from '../../hooks/useRefetchFailedWhenOnline.ts'
import { useDisconnect } from './marketplace-mutations.ts'
import { marketplaceConnectionsQuery, marketplaceKeys } from '../../queries/marketplace-queries.ts'
import { deferred } from '../../lib/deferred.tsx'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'

// The Connect dialog, shut until a Connect is tapped: its words load right after the Dashboard's first screen.
const ConnectMarketplaceDialog = deferred(() =>
  import('./ConnectMarketplaceDialog.tsx').then((module) => module.ConnectMarketplaceDialog),
)

type Connections = UseQueryResult<MarketplaceConnection[]>

function KnownState({ connection }: { connection: MarketplaceConnection | undefined }) {
  if (!connection) return <p className="text-sm text-slate-500">Not connected</p>
  if (!connection.connected) return <p className="text-sm text-amber-800">Connection expired: connect again</p>
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-slate-600">
      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Connected</span>
      {connection.accountName && <span className="min-w-0 truncate">{connection.accountName}</span>}
    </p>
  )
}

function RowState({
  platform,
  connections,
  connection,
}: {
  platform: Platform
  connections: Connections
  connection: MarketplaceConnection | undefined
}) {
  const online = useOnline()
  const checking = <p className="text-sm text-slate-500">Checking…</p>
  // Offline the check could not run, which is not a failure: the Dashboard says it is offline.
  const failed = connections.isError && !connections.isFetching && online
  const failedText = statusCheckFailed(platform)
  if (!connections.data && !online) return <p className="text-sm text-slate-500">Not checked: you are offline</p>
  if (!connections.data) return failed ? <p className="text-sm text-red-700">{failedText}</p> : checking
  return (
    <>
      <KnownState connection={connection} />
      {failed && <p className="text-xs text-red-700">{failedText}: showing what Snaplist last knew.</p>}
    </>
  )
}

function RowAction({
  connections,
  connected,
  name,
  onOpen,
}: {
  connections: Connections
  connected: boolean
  name: string
  onOpen: (dialog: 'connect' | 'disconnect') => void
}) {
  const online = useOnline()
  if (connected) {
    return (
      <Button variant="secondary" onClick={() => onOpen('disconnect')} aria-label={`Disconnect ${name}`}>
        Disconnect
      </Button>
    )
  }
  // Not known whether it is connected: offering Connect could replace a working connection. Offline nothing can be
  // checked, so nothing is offered until the phone is back online.
  if (!connections.data && !online) return null
  if (connections.isError && !connections.data) {
    return (
      <Button
        variant="secondary"
        disabled={connections.isFetching}
        onClick={() => void connections.refetch()}
        aria-label={`Check ${name} connection again`}
      >
        Try again
      </Button>
    )
  }
  return (
    <Button
      variant="secondary"
      disabled={connections.isPending}
      onClick={() => onOpen('connect')}
      aria-label={`Connect ${name}`}
    >
      Connect
    </Button>
  )
}

function DisconnectDialog({ platform, open, onClose }: { platform: Platform; open: boolean; onClose: () => void }) {
  const disconnect = useDisconnect(platform)
  const name = MARKETPLACE_PATHS[platform].name
  return (
    <Dialog open={open} onClose={onClose} title={`Disconnect ${name}?`}>
      <p className="text-sm text-slate-600">
        Snaplist will forget your {name} connection and delete its access tokens. To also withdraw Snaplist’s access on{' '}
        {name}’s side, remove it from the apps listed in your {name} account settings.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={disconnect.isPending}
          onClick={() => disconnect.mutate(undefined, { onSettled: onClose })}
        >
          {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
        </Button>
      </div>
    </Dialog>
  )
}

function MarketplaceRow({ platform, connections }: { platform: Platform; connections: Connections }) {
  const connection = connections.data?.find((candidate) => candidate.platform === platform)
  const [open, setOpen] = useState<'connect' | 'disconnect' | null>(null)
  const name = MARKETPLACE_PATHS[platform].name
  const close = () => setOpen(null)
  return (
    <li className="flex items-center justify-between gap-3 py-3" aria-label={name}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        <RowState platform={platform} connections={connections} connection={connection} />
      </div>
      <RowAction connections={connections} connected={connection?.connected ?? false} name={name} onOpen={setOpen} />
      <ConnectMarketplaceDialog platform={platform} open={open === 'connect'} onClose={close} />
      <DisconnectDialog platform={platform} open={open === 'disconnect'} onClose={close} />
    </li>
  )
}

export function MarketplacesPanel() {
  const connections = useQuery(marketplaceConnectionsQuery)
  const connected = (platform: Platform) =>
    connections.data?.some((entry) => entry.platform === platform && entry.connected) ?? false
  useRefetchFailedWhenOnline(marketplaceKeys.all)
  return (
    <section
      aria-labelledby="marketplaces-heading"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="marketplaces-heading" className="text-lg font-semibold text-slate-900">
        Connected Marketplaces
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {PLATFORMS.map((platform) => (
          <MarketplaceRow key={platform} platform={platform} connections={connections} />
        ))}
      </ul>
      {MARKETPLACE_WINGS.map(({ id, Connected }) => Connected && connected(id) && <Connected key={id} />)}
    </section>
  )
}

// The explanatory dialog before leaving for a marketplace's sign-in (docs/product.md §2): what connecting does, what the server's
// operator still has to set up when it cannot connect yet, and 'Connect with <marketplace>'.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { MARKETPLACES, type MarketplaceStatus, type Platform } from '../../../api/contract/marketplaces.ts'
import type { MarketplaceDescription } from '../../../api/contract/marketplace-description.ts'
import { statusCheckFailed } from '../../../api/contract/marketplace-paths.ts'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { useStartConnect } from '../../queries/marketplace-connect.ts'
import { marketplaceStatusQuery } from '../../queries/marketplace-queries.ts'

function Availability({ platform, status }: { platform: Platform; status: UseQueryResult<MarketplaceStatus | null> }) {
  if (status.isPending) {
    return (
      <div className="mt-3 flex items-center gap-2 text-sm text-slate-600">
        <Spinner label={`Checking whether ${MARKETPLACES[platform].name} can be connected`} className="h-4 w-4" />{' '}
        Checking this server’s settings…
      </div>
    )
  }
  if (status.isError)
    return <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{statusCheckFailed(platform)}</p>
  if (status.data?.configured) return null
  return <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{status.data?.setupMessage}</p>
}

export function ConnectMarketplaceDialog({
  platform,
  open,
  onClose,
}: {
  platform: Platform
  open: boolean
  onClose: () => void
}) {
  const name = MARKETPLACES[platform].name
  const status = useQuery({ ...marketplaceStatusQuery(platform), enabled: open })
  const configured = status.data?.configured === true
  const start = useStartConnect(platform)
  const { store }: MarketplaceDescription = MARKETPLACES[platform]
  const [storeName, setStoreName] = useState('')
  return (
    <Dialog open={open} onClose={onClose} title={`Connect ${name}`}>
      <p className="text-sm text-slate-600">{MARKETPLACES[platform].messages.about}</p>
      {store && (
        <div className="mt-3">
          <TextField
            label={store.label}
            placeholder={store.placeholder}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={storeName}
            onChange={(event) => setStoreName(event.target.value)}
          />
        </div>
      )}
      <p className="mt-3 text-sm text-slate-600">
        You will leave Snaplist for {name}’s sign-in page and come back here when you have allowed access.
      </p>
      <Availability platform={platform} status={status} />
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          disabled={!configured || start.isPending || start.isSuccess || (store !== undefined && !storeName.trim())}
          onClick={() => start.mutate(store ? storeName : undefined)}
        >
          {start.isPending || start.isSuccess ? 'Connecting...' : `Connect with ${name}`}
        </Button>
      </div>
    </Dialog>
  )
}

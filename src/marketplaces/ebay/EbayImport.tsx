// Import from eBay (issue 31, docs/decisions/0037): under a connected eBay account, one tap brings the seller's live
// fixed-price listings into Snaplist. While it runs the card reads its progress every second ("Imported 120 of 2,000")
// and the Dashboard's rows arrive by the live event stream; when it ends the listings are read once more. What holds
// it up (eBay not answering) or stopped it is said in words, with Retry (issue 47).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { importProgressText, type MarketplaceImportStatus } from '../../../api/contract/marketplace-import.ts'
import { Button } from '../../components/ui/Button.tsx'
import { api, cancelledBy, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'

const importKey = ['ebay-import'] as const
const POLL_MS = 1000
// The button's words once an import has ended; a failed one goes on from where it stopped.
const LABELS: Partial<Record<MarketplaceImportStatus['status'], string>> = {
  done: 'Import from eBay again',
  failed: 'Retry import',
}

function Progress({ status }: { status: MarketplaceImportStatus }) {
  const { total, imported } = status
  const percent = total ? Math.min(100, Math.round((imported / total) * 100)) : 0
  return (
    <div className="mt-3">
      <p className="text-sm text-slate-700" role="status" aria-live="polite">
        {importProgressText(status)}
        {status.status === 'running' ? '…' : ''}
      </p>
      {total !== null && (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Import from eBay"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={imported}
        >
          <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  )
}

/** What holds a running import up, with Retry now (it goes on from where it is). */
function HeldUp({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p role="status">{message}</p>
      <Button variant="secondary" className="self-start" disabled={retrying} onClick={onRetry}>
        Retry now
      </Button>
    </div>
  )
}

function Outcome({ status }: { status: MarketplaceImportStatus }) {
  if (status.status === 'failed')
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        {status.message ?? 'The import stopped.'}
      </p>
    )
  if (status.status !== 'done') return null
  return (
    <p className="mt-2 text-xs text-slate-600">
      Done. Listings made on ebay.com keep their title, photos and description there: Snaplist changes their price and
      quantity.
      {status.skipped > 0 &&
        ` ${status.skipped} could not be brought (listings with variations, or none left): they stay on eBay as they are.`}
    </p>
  )
}

export function EbayImport() {
  const queryClient = useQueryClient()
  const status = useQuery({
    queryKey: importKey,
    queryFn: ({ signal }): Promise<MarketplaceImportStatus> =>
      okJson(api[':platform'].import.$get({ param: { platform: 'ebay' } }, cancelledBy(signal))),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  })
  const start = useMutation({
    mutationFn: (): Promise<MarketplaceImportStatus> =>
      okJson(api[':platform'].import.$post({ param: { platform: 'ebay' } })),
    onSuccess: (started) => queryClient.setQueryData(importKey, started),
    onError: (error) => notify('Import from eBay', errorMessage(error), 'error'),
  })
  // When a run ends, the Dashboard reads its listings once more (the stream brought them one by one meanwhile).
  const last = useRef(status.data?.status)
  useEffect(() => {
    const now = status.data?.status
    if (last.current === 'running' && now !== 'running')
      void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    last.current = now
  }, [status.data?.status, queryClient])

  const data = status.data
  const running = data?.status === 'running'
  return (
    <div className="border-t border-slate-100 py-3" aria-label="Import from eBay">
      <p className="text-sm text-slate-600">Already selling on eBay? Bring your live listings into Snaplist.</p>
      <Button
        className="mt-2 w-full sm:w-auto"
        variant="secondary"
        disabled={running || start.isPending || !data}
        onClick={() => start.mutate()}
      >
        {running ? 'Importing…' : (LABELS[data?.status ?? 'none'] ?? 'Import from eBay')}
      </Button>
      {data && data.status !== 'none' && <Progress status={data} />}
      {running && data.message && (
        <HeldUp message={data.message} retrying={start.isPending} onRetry={() => start.mutate()} />
      )}
      {data && <Outcome status={data} />}
    </div>
  )
}

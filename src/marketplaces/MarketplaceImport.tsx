// Import from a marketplace (docs/decisions/0037, 0078): under a connected account whose wing offers an import, one
// tap brings the seller's listings there into Snaplist. While it runs the card reads its progress every second
// ("Imported 120 of 2,000") and the Dashboard's rows arrive by the live event stream; when it ends the listings are read
// once more, and what was skipped is said with why. What holds it up (the marketplace not answering) or stopped it is
// said in words, with Retry (issue 47). The wing gives its words; its module is loaded online only (importWhenOnline).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { importProgressText, type MarketplaceImportStatus } from '../../api/contract/marketplace-import.ts'
import type { Platform } from '../../api/contract/marketplace-paths.ts'
import { Button } from '../components/ui/Button.tsx'
import { api, cancelledBy, errorMessage, okJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'
import { listingKeys } from '../queries/listing-queries.ts'

const POLL_MS = 1000

/** What a marketplace's import card says, in its wing's words. */
export interface ImportWords {
  /** The marketplace's name: "Import from <name>". */
  name: string
  /** Above the button, before any import. */
  invite: string
  /** After a finished import: what the imported listings are now. */
  done: string
  /** What became of those that could not be brought (their reasons follow when the server gives them). */
  skipped: (count: number) => string
}

function Progress({ status, name }: { status: MarketplaceImportStatus; name: string }) {
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
          aria-label={`Import from ${name}`}
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

function Outcome({ status, words }: { status: MarketplaceImportStatus; words: ImportWords }) {
  if (status.status === 'failed')
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        {status.message ?? 'The import stopped.'}
      </p>
    )
  if (status.status !== 'done') return null
  return (
    <div className="mt-2 text-xs text-slate-600">
      <p>
        Done. {words.done}
        {status.skipped > 0 && ` ${words.skipped(status.skipped)}`}
      </p>
      {status.skippedReasons.length > 0 && (
        <ul className="mt-1 list-disc pl-4" aria-label="Skipped">
          {status.skippedReasons.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function MarketplaceImport({ platform, words }: { platform: Platform; words: ImportWords }) {
  const queryClient = useQueryClient()
  const importKey = ['marketplace-import', platform]
  const param = { param: { platform } }
  const status = useQuery({
    queryKey: importKey,
    queryFn: ({ signal }): Promise<MarketplaceImportStatus> =>
      okJson(api[':platform'].import.$get(param, cancelledBy(signal))),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  })
  const start = useMutation({
    mutationFn: (): Promise<MarketplaceImportStatus> => okJson(api[':platform'].import.$post(param)),
    onSuccess: (started) => queryClient.setQueryData(importKey, started),
    onError: (error) => notify(`Import from ${words.name}`, errorMessage(error), 'error'),
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
    <div className="border-t border-slate-100 py-3" aria-label={`Import from ${words.name}`}>
      <p className="text-sm text-slate-600">{words.invite}</p>
      <Button
        className="mt-2 w-full sm:w-auto"
        variant="secondary"
        disabled={running || start.isPending || !data}
        onClick={() => start.mutate()}
      >
        {running
          ? 'Importing…'
          : data?.status === 'failed'
            ? 'Retry import'
            : `Import from ${words.name}${data?.status === 'done' ? ' again' : ''}`}
      </Button>
      {data && data.status !== 'none' && <Progress status={data} name={words.name} />}
      {running && data.message && (
        <HeldUp message={data.message} retrying={start.isPending} onRetry={() => start.mutate()} />
      )}
      {data && <Outcome status={data} words={words} />}
    </div>
  )
}

// The seller's selling setting (issue 50, docs/decisions/0070): whether a sale the marketplace cancels puts the item
// back up where it had sold out. On unless turned off; off, its pieces still go back in stock and on the live places.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { SellingSettings } from '../../../api/contract/sales.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { Section } from './Section.tsx'

const settingsKey = ['sales', 'settings'] as const

export function SellingSection() {
  const queryClient = useQueryClient()
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => okJson(api.sales.settings.$get()) })
  const change = useMutation({
    mutationFn: (next: SellingSettings) => okJson(api.sales.settings.$put({ json: next })),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    onError: (error) => notify('Selling', errorMessage(error), 'error'),
  })
  return (
    <Section title="Selling">
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="size-5"
          checked={settings.data?.relistCancelled ?? true}
          disabled={!settings.data || change.isPending}
          onChange={(event) => change.mutate({ relistCancelled: event.target.checked })}
        />
        Put a cancelled sale back up where it sold out
      </label>
      <p className="text-sm text-slate-600">
        Off, a cancelled sale’s pieces still go back in stock and on the marketplaces where the item is live, but an
        item that sold out waits for you to post it again.
      </p>
      <p>
        Lower the prices of listings that sit, never below what each must earn:{' '}
        <Link to="/pricing" className="font-semibold text-indigo-700 underline underline-offset-2">
          Offers &amp; markdowns
        </Link>
        .
      </p>
    </Section>
  )
}

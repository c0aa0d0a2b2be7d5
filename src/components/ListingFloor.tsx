// A listing's floor on its edit screen (issue 51, docs/decisions/0075): the lowest price markdowns and bulk cuts take
// it to, what it is made of on each marketplace where it is live, the floor the seller may type instead, and a switch
// that leaves it out of the markdowns. From the server; offline it shows nothing.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { MARKETPLACE_PATHS } from '../../api/contract/marketplace-paths.ts'
import { api, cancelledBy, errorMessage, okJson } from '../lib/api.ts'
import { exactMoney } from '../lib/money.ts'
import { Button } from './ui/Button.tsx'
import { Switch } from './ui/Switch.tsx'
import { TextField } from './ui/TextField.tsx'

const cents = (value: number) => exactMoney(value / 100)

export function ListingFloor({ listingId }: { listingId: number }) {
  const queryClient = useQueryClient()
  const key = ['listing-floor', listingId]
  const param = { id: String(listingId) }
  const floor = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => okJson(api.listings[':id'].floor.$get({ param }, cancelledBy(signal))),
  })
  const [typed, setTyped] = useState('')
  const save = useMutation({
    mutationFn: (value: string | null) =>
      okJson(api.listings[':id'].floor.$put({ param, json: { floor: value === null ? null : Number(value) } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer)
      setTyped('')
    },
  })
  const pause = useMutation({
    mutationFn: (paused: boolean) => okJson(api.listings[':id'].markdowns.$put({ param, json: { paused } })),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  })
  if (!floor.data) return null
  const { data } = floor
  return (
    <section aria-labelledby="listing-floor" className="flex flex-col gap-2 sm:col-span-2">
      <h3 id="listing-floor" className="font-semibold text-slate-900">
        Floor
      </h3>
      <p className="text-slate-800">{data.says}.</p>
      {data.byMarketplace.length > 0 && (
        <ul className="text-sm text-slate-700">
          {data.byMarketplace.map((each) => (
            <li key={each.marketplace}>
              {MARKETPLACE_PATHS[each.marketplace].name}: {cents(each.priceCents)} ({cents(data.costCents ?? 0)} cost,{' '}
              {cents(each.feesCents)} fees, {cents(data.shippingCents)} shipping, {cents(each.minimumProfitCents)}{' '}
              profit)
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <TextField
          label="Your own floor ($)"
          inputMode="decimal"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={save.error ? errorMessage(save.error) : undefined}
        />
        <Button variant="secondary" disabled={typed === '' || save.isPending} onClick={() => save.mutate(typed)}>
          Set
        </Button>
        {data.source === 'typed' && (
          <Button variant="ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Clear
          </Button>
        )}
      </div>
      <Switch
        label="Leave out of markdowns"
        checked={data.markdownsPaused}
        onChange={(paused) => pause.mutate(paused)}
      />
      <p className="text-sm text-slate-600">
        Your minimum profit and the shipping you pay are in{' '}
        <Link to="/pricing" className="font-semibold text-indigo-700 underline underline-offset-2">
          Offers &amp; markdowns
        </Link>
        .
      </p>
    </section>
  )
}

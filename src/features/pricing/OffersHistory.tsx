// The offers sent to watchers and what became of them (issue 51, docs/decisions/0076): how many were sent and
// accepted and what the accepted ones brought in, then each offer, newest first, a page at a time.
import { useInfiniteQuery } from '@tanstack/react-query'
import type { OfferState, OfferView } from '../../../api/contract/offers.ts'
import { ListingLink } from '../../components/ListingLink.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { exactMoney } from '../../lib/money.ts'
import { offersQuery } from './pricing-queries.ts'

const cents = (value: number) => exactMoney(value / 100)

const SAYS: Record<OfferState, string> = {
  sending: 'Sending',
  sent: 'Open',
  accepted: 'Accepted',
  expired: 'Expired',
  refused: 'Refused',
}

function OfferRow({ offer }: { offer: OfferView }) {
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <ListingLink id={offer.listingId} title={offer.title} className="min-w-0 flex-1 truncate" />
        <span className="tabular-nums text-slate-800">
          {cents(offer.fromCents)} → {cents(offer.priceCents)}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {SAYS[offer.state]} · {new Date(offer.sentAt).toLocaleDateString()}
        {offer.buyers > 0 && ` · ${offer.buyers} ${offer.buyers === 1 ? 'watcher' : 'watchers'}`}
        {offer.priceCents === offer.floorCents && ' · at its floor'}
      </p>
      {offer.refusal && <p className="text-sm text-red-700">{offer.refusal}</p>}
    </li>
  )
}

export function OffersHistory({ className }: { className: string }) {
  const offers = useInfiniteQuery(offersQuery)
  const rows = offers.data?.pages.flatMap((page) => page.offers) ?? []
  const totals = offers.data?.pages[0]?.totals
  return (
    <section className={className} aria-labelledby="offers-history">
      <h2 id="offers-history" className="text-lg font-semibold text-slate-900">
        Offers to watchers
      </h2>
      {offers.isError && <p role="alert">The offers could not be read. Check your connection and try again.</p>}
      {totals && (
        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            ['Sent', String(totals.sent)],
            ['Accepted', String(totals.accepted)],
            ['Revenue', cents(totals.revenueCents)],
          ].map(([term, value]) => (
            <div key={term} className="rounded-xl bg-slate-50 p-2">
              <dt className="text-xs text-slate-600">{term}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {offers.data && rows.length === 0 && <p className="text-slate-700">None yet.</p>}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {rows.map((offer) => (
            <OfferRow key={offer.id} offer={offer} />
          ))}
        </ul>
      )}
      {offers.hasNextPage && (
        <Button variant="secondary" onClick={() => void offers.fetchNextPage()} disabled={offers.isFetchingNextPage}>
          {offers.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </section>
  )
}

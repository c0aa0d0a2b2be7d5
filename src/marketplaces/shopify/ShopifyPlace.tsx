// Where a listing stands on Shopify, on a line of its own under the row's other lines: live there with the product's
// link, ended (by a sale elsewhere: which, and when), sold, a change on its way, or Shopify's refusal of it. Nothing
// before Shopify has it.
import type { Listing, PlaceState } from '../../../api/contract/listing.ts'
import { endedBySale } from '../../lib/ended-by-sale.ts'
import { shopifyPlace } from './shopify-queries.ts'

const SAID: Partial<Record<PlaceState, { text: string; tone: string }>> = {
  live: { text: 'Live on Shopify', tone: 'text-emerald-800' },
  ended: { text: 'Ended on Shopify', tone: 'text-amber-900' },
  sold_out: { text: 'Sold on Shopify', tone: 'text-indigo-800' },
  publishing: { text: 'Not live on Shopify yet: Post to Shopify again to finish', tone: 'text-slate-600' },
}

export function ShopifyPlace({ listing }: { listing: Listing }) {
  const place = shopifyPlace(listing)
  const said = place && SAID[place.state]
  if (!place || !said) return null
  const ended = place.state === 'ended' ? endedBySale(listing, 'shopify') : null
  const { text, tone } =
    place.revisionStatus === 'refused'
      ? { text: `Not updated on Shopify: ${place.revisionMessage ?? ''}`, tone: 'text-red-700' }
      : place.revisionStatus === 'pending' || place.revisionStatus === 'waiting'
        ? { text: 'Updating on Shopify…', tone: 'text-slate-600' }
        : ended
          ? { text: ended, tone: said.tone }
          : said
  // On a phone the row's column is narrow: the link goes under the words whole, instead of each breaking in two.
  return (
    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs">
      <span role="status" className={`font-medium ${tone}`}>
        {text}
      </span>
      {place.state === 'live' && place.url && (
        <a
          href={place.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View on Shopify: ${listing.title}`}
          className="inline-flex min-h-6 items-center font-semibold whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline"
        >
          {/* "View", as eBay's beside its pill: "View on Shopify" after the words took a line of its own on a 390 px phone. */}
          View
        </a>
      )}
    </p>
  )
}

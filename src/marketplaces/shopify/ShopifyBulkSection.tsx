// Shopify's section of the bulk post (decision 0074): Shopify asks nothing beside the listing, so each chosen listing
// is ready unless it lacks a photo, a price or a quantity (Add details opens it in Post to Shopify).
import type { Listing } from '../../../api/contract/listing.ts'
import { useReportPart, type BulkSectionProps } from '../../components/bulk-post-parts.ts'
import { FixButton, ItemRow } from '../../components/bulk-post-rows.tsx'
import { isLiveOnShopify, shopifyNeeds } from './shopify-queries.ts'

const needsOf = (listing: Listing) => (isLiveOnShopify(listing) ? [] : shopifyNeeds(listing))

export function ShopifyBulkSection({ listings, onState, onFix }: BulkSectionProps) {
  const ready = listings.filter((listing) => needsOf(listing).length === 0)
  const needing = listings.filter((listing) => needsOf(listing).length > 0)
  useReportPart(onState, {
    checking: false,
    ready: ready.map((listing) => listing.id),
    behind: needing.map((listing) => ({
      listingId: listing.id,
      title: listing.title,
      needs: `needs ${needsOf(listing).join(', ')}`,
    })),
    answers: { shopify: {} },
  })
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-slate-700">
        {[
          `${ready.length} can go as ${ready.length === 1 ? 'it is' : 'they are'}`,
          needing.length ? `${needing.length} ${needing.length === 1 ? 'needs' : 'need'} something` : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {needing.length > 0 && (
        <ul aria-label="Listings Shopify needs more of" className="flex flex-col divide-y divide-slate-100">
          {needing.map((listing) => (
            <ItemRow
              key={listing.id}
              title={listing.title}
              listing={listing}
              state={<span className="font-medium text-amber-900">Needs something: {needsOf(listing).join(', ')}</span>}
              action={<FixButton title={listing.title} onFix={() => onFix(listing)} missing where="Shopify" />}
            />
          ))}
        </ul>
      )}
    </div>
  )
}

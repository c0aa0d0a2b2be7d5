// The eBay category on the listing form (docs/decisions/0022): eBay's suggestion for the title, or the seller's
// choice, changed here as in the Post to eBay dialog (eBay's suggestions for the current title, or a search). One eBay
// suggested is suggested again once the seller changes the title or Category; a chosen one stays.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { EbayCategory } from '../../../api/contract/ebay-publish.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import type { Draft } from '../../offline/db.ts'
import type { CategoryFieldProps } from '../client-marketplace.ts'
import { listingQuery } from '../../queries/listing-cache.ts'
import { EbayCategoryPicker } from '../../components/EbayCategoryPicker.tsx'
import { useChooseEbayCategory } from '../../queries/ebay-category-queries.ts'

/** The category an edit of a listing shows: the listing's, unless the title or Category it was suggested for changed. */
function categoryOfEdit(listing: Listing | undefined, draft: Draft): EbayCategory | null {
  if (!listing?.ebayCategoryId || !listing.ebayCategoryName) return null
  const stillFits =
    listing.ebayCategoryChosen || (listing.title === draft.fields.title && listing.category === draft.fields.category)
  return stillFits ? { id: listing.ebayCategoryId, name: listing.ebayCategoryName } : null
}

function CategoryLine({
  category,
  title,
  onChoose,
}: {
  category: EbayCategory | null
  title: string
  onChoose: (category: EbayCategory) => void
}) {
  const [picking, setPicking] = useState(false)
  const shown = category?.name ?? 'eBay suggests one when you post'
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <div className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
        <span>
          eBay category: <span className="font-semibold">{shown}</span>
        </span>
        {!picking && (
          <Button
            variant="ghost"
            className="px-2"
            onClick={() => setPicking(true)}
            aria-label={`Change eBay category (now ${shown})`}
          >
            Change
          </Button>
        )}
      </div>
      {picking && (
        <EbayCategoryPicker
          title={title}
          current={category?.id ?? ''}
          onChoose={(chosen) => {
            onChoose(chosen)
            setPicking(false)
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  )
}

/** A listing's edit: the choice is kept on the listing at once (it needs eBay's answer, so the phone is online). */
function EditCategory({ draft, listingId }: { draft: Draft; listingId: number }) {
  const listing = useQuery(listingQuery(listingId)).data
  const choose = useChooseEbayCategory(listingId)
  return (
    <CategoryLine
      category={categoryOfEdit(listing, draft)}
      title={draft.fields.title}
      onChoose={(category) => choose.mutate(category)}
    />
  )
}

/** A new listing's draft keeps the choice and sends it with the listing. */
function DraftCategory({ draft, onChoose }: CategoryFieldProps) {
  return <CategoryLine category={draft.catalogCategory ?? null} title={draft.fields.title} onChoose={onChoose} />
}

export function EbayCategoryField({ draft, onChoose }: CategoryFieldProps) {
  return draft.editOf ? (
    <EditCategory draft={draft} listingId={draft.editOf.listingId} />
  ) : (
    <DraftCategory draft={draft} onChoose={onChoose} />
  )
}

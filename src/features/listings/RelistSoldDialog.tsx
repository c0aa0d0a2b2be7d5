// Relist on a sold row (issue 47): another identical piece, or several, for a listing that sold out. The seller types
// how many; Snaplist puts them back on the listing and back up wherever it was for sale, each marketplace
// once it has the count, and the row follows.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useForm } from 'react-hook-form'
import type { Listing } from '../../../api/contract/listing.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import { RelistSoldSchema, type RelistSold, type RelistSoldFormValues } from '../../../api/contract/sales.ts'
import { FormFailure } from '../../components/CardPage.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'
import { useRelistSold } from './sales-queries.ts'

/** Where it was for sale, as the server's relist finds it (each marketplace's holds): put back up there. */
function placesOf(listing: Listing): string {
  return MARKETPLACE_WINGS.filter((wing) => wing.wasListed(listing))
    .map((wing) => SOLD_ON_LABELS[wing.id])
    .join(' and ')
}

function RelistForm({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const relist = useRelistSold()
  const { register, handleSubmit, formState, setError } = useForm<RelistSoldFormValues, unknown, RelistSold>({
    resolver: valibotResolver(RelistSoldSchema),
    defaultValues: { quantity: '1' },
  })
  const submit = handleSubmit((input) =>
    relist.mutate({ id: listing.id, input }, { onSuccess: onClose, onError: fieldErrorsOnto(setError, input) }),
  )
  const places = placesOf(listing)
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Another “{listing.title}” to sell, just like the one that sold?{' '}
        {places
          ? `Snaplist puts it back up on ${places}, with its photos, price and details.`
          : 'Snaplist puts it back in stock, Ready to post.'}
      </p>
      <TextField
        label="How many to put back up"
        inputMode="numeric"
        error={formState.errors.quantity?.message}
        {...register('quantity')}
      />
      <FormFailure error={relist.error} fallback="It could not be relisted. Try again." />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={relist.isPending}>
          {relist.isPending ? 'Relisting...' : 'Relist'}
        </Button>
      </div>
    </form>
  )
}

export function RelistSoldDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Relist">
      {listing && <RelistForm key={listing.id} listing={listing} onClose={onClose} />}
    </Dialog>
  )
}

// Post to Etsy (issue 29; an equal of Post to eBay, decision 0063): the listing's photo, title, price and quantity, what Etsy still needs
// (asked here, or set up in the shop on Etsy), Etsy's fee, then the post; once live, its link on Etsy. A connection that
// cannot publish is told to connect again. Every branch is on the API's error codes, never its words.
import { useState } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import { ListingSummary } from '../../components/ListingSummary.tsx'
import { PostedView } from '../../components/PostedView.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { formAlertFor } from '../../lib/form-errors.ts'
import { EtsyAnswersForm } from './EtsyAnswersForm.tsx'
import { readEtsyHabits, rememberEtsyHabits } from './etsy-habits.ts'
import { etsyFailure, RECONNECT_CODES, SHOP_SETUP_CODE } from './etsy-post-failure.ts'
import { useEtsyRequirements, usePostToEtsy } from './etsy-publish-queries.ts'
import { EtsyReconnect } from './EtsyReconnect.tsx'
import { EtsyShopSetup } from './EtsyShopSetup.tsx'

function Failed({ error, onRetry, onClose }: { error: unknown; onRetry: () => void; onClose: () => void }) {
  const failure = etsyFailure(error)
  if (failure.reconnect) return <EtsyReconnect message={failure.message} />
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="text-sm text-red-700">
        {failure.message}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  )
}

function Publishing({ listing, onClose }: { listing: Listing; onClose: () => void }) {
  const user = useCurrentUser()
  // Read once: they only propose the form's first values.
  const [habits] = useState(() => readEtsyHabits(user.id))
  const requirements = useEtsyRequirements(listing.id)
  const post = usePostToEtsy(listing.id)

  if (post.data)
    return (
      <PostedView message={post.data.message} viewUrl={post.data.viewUrl} viewLabel="View on Etsy" onClose={onClose} />
    )
  if (requirements.isPending)
    return (
      <div className="flex items-center gap-3 py-4 text-sm text-slate-600">
        <Spinner label="Checking what Etsy needs" className="h-6 w-6" /> Checking what Etsy needs for this listing…
      </div>
    )
  if (requirements.isError)
    return <Failed error={requirements.error} onRetry={() => void requirements.refetch()} onClose={onClose} />

  const { missing } = requirements.data
  const reconnect = missing.find((item) => RECONNECT_CODES.includes(item.code))
  if (reconnect) return <EtsyReconnect message={reconnect.message} first={reconnect.code === 'etsy_not_connected'} />
  const setup = missing.filter((item) => item.code === SHOP_SETUP_CODE)
  const noPhoto = listing.images.length === 0
  // A post refused for a field is shown under it; anything else above the buttons, once.
  const refusal = post.error ? etsyFailure(post.error) : null
  const alert = post.error && !refusal?.reconnect ? formAlertFor(post.error, refusal!.message) : undefined
  return (
    <div className="flex flex-col gap-4">
      <EtsyShopSetup missing={setup} />
      {noPhoto && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Etsy needs at least one photo. Edit the listing to add one, then post.
        </p>
      )}
      {refusal?.reconnect && <EtsyReconnect message={refusal.message} />}
      <EtsyAnswersForm
        listing={listing}
        requirements={requirements.data}
        habits={habits}
        blocked={setup.length > 0 || noPhoto}
        posting={post.isPending}
        onCancel={onClose}
        onPost={(input, onRefused) =>
          post.mutate(input, {
            onSuccess: () => rememberEtsyHabits(user.id, input),
            onError: onRefused,
          })
        }
      />
      {alert && (
        <p role="alert" className="text-sm text-red-700">
          {alert}
        </p>
      )}
    </div>
  )
}

export function PostToEtsyDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Post to Etsy">
      {listing && (
        <div className="flex flex-col gap-4">
          <ListingSummary listing={listing} />
          <Publishing key={listing.id} listing={listing} onClose={onClose} />
        </div>
      )}
    </Dialog>
  )
}

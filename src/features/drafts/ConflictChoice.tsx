// An edit that met another one made elsewhere (docs/product.md §11): the seller's values beside the listing's as the
// server has them now, field by field, and the choice: keep mine (sent again against the server's version) or use the
// version on Snaplist (the edit is dropped).
import { LISTING_FIELD_ENTRIES } from '../../../api/contract/listing-fields.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import type { DraftFields } from '../../offline/db.ts'
import { fieldsOfListing } from '../../offline/draft-fills.ts'

interface Difference {
  label: string
  mine: string
  theirs: string
}

const shown = (value: string) => value.trim() || '(empty)'

/** The fields (and the photos) where the seller's edit and the server's listing differ. */
function differences(fields: DraftFields, photoUrls: string[], current: Listing): Difference[] {
  const theirs = fieldsOfListing(current)
  const changed = LISTING_FIELD_ENTRIES.filter(([field]) => fields[field].trim() !== theirs[field].trim()).map(
    ([field, spec]) => ({
      label: spec.label,
      mine: shown(fields[field]),
      theirs: shown(theirs[field]),
    }),
  )
  const samePhotos =
    photoUrls.length === current.images.length && photoUrls.every((url, index) => url === current.images[index])
  const photos = (count: number) => `${count} photo${count === 1 ? '' : 's'}`
  if (samePhotos) return changed
  const order = photoUrls.length === current.images.length ? ' (another order or other photos)' : ''
  return [
    ...changed,
    { label: 'Photos', mine: photos(photoUrls.length) + order, theirs: photos(current.images.length) },
  ]
}

interface ConflictChoiceProps {
  fields: DraftFields
  /** The edit's photos that are on the server, in its order (new ones not sent yet are not compared). */
  photoUrls: string[]
  current: Listing
  onKeepMine: () => void
  onUseTheirs: () => void
}

export function ConflictChoice({ fields, photoUrls, current, onKeepMine, onUseTheirs }: ConflictChoiceProps) {
  const rows = differences(fields, photoUrls, current)
  return (
    <section
      aria-labelledby="conflict-heading"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="conflict-heading" className="font-semibold text-amber-950">
        This listing was changed elsewhere while you edited it
      </h2>
      <p className="text-sm text-amber-950">Choose which version to keep. Keeping yours replaces the other changes.</p>
      <table className="w-full table-fixed text-left text-sm">
        <thead>
          <tr className="text-xs text-amber-900">
            <th scope="col" className="w-1/4 py-1 pr-2 font-semibold">
              Field
            </th>
            <th scope="col" className="py-1 pr-2 font-semibold">
              Yours
            </th>
            <th scope="col" className="py-1 font-semibold">
              On Snaplist now
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-amber-200 align-top">
              <th scope="row" className="py-1.5 pr-2 font-medium text-slate-900">
                {row.label}
              </th>
              <td className="py-1.5 pr-2 break-words text-slate-800">{row.mine}</td>
              <td className="py-1.5 break-words text-slate-800">{row.theirs}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid grid-cols-1 gap-2 sm:flex sm:justify-end">
        <Button variant="secondary" onClick={onUseTheirs}>
          Use the version on Snaplist
        </Button>
        <Button onClick={onKeepMine}>Keep mine</Button>
      </div>
    </section>
  )
}

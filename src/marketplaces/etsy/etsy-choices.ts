// Etsy's answers in words a seller reads, and whether a listing says it is vintage. The values themselves are the
// contract's (api/contract/etsy-publish.ts, etsy-when-made.ts) as the requirements answer lists them; nothing here
// names a year, so Etsy's yearly rename of its newest when_made bucket changes nothing in this file.
import type { Listing } from '../../../api/contract/listing.ts'
import type { Option } from '../../../api/contract/options.ts'

// Etsy's own wording in its listing form.
const WHO_MADE_LABELS: Record<string, string> = {
  i_did: 'I did',
  collective: 'A member of my shop',
  someone_else: 'Another company or person',
}

export const whoMadeOptions = (values: readonly string[]): Option[] =>
  values.map((value) => ({ value, label: WHO_MADE_LABELS[value] ?? value }))

/** '2020_2025' → 2020–2025, 'before_2006' → Before 2006, '1990s' as it is. */
function whenMadeLabel(value: string): string {
  if (value === 'made_to_order') return 'Made to order'
  const before = /^before_(\d+)$/.exec(value)
  if (before) return `Before ${before[1]}`
  const range = /^(\d+)_(\d+)$/.exec(value)
  return range ? `${range[1]}–${range[2]}` : value
}

export const whenMadeOptions = (values: readonly string[]): Option[] =>
  values.map((value) => ({ value, label: whenMadeLabel(value) }))

/** A listing whose Type reads Vintage: someone else made it, at least 20 years ago (issue 29); when is still asked. */
export const isVintage = (listing: Pick<Listing, 'type'>) => listing.type === 'Vintage'

export const SUPPLY_OPTIONS: Option[] = [
  { value: 'false', label: 'A finished product' },
  { value: 'true', label: 'A supply or tool to make things' },
]

// Etsy's listing fee as its fee policy states it (etsy.com/legal/fees): said before the seller confirms, since each
// post costs money whether or not the item sells.
export const ETSY_FEE = 'Etsy charges USD 0.20 per listing published or renewed; listings expire after four months.'

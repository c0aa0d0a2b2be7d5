// Etsy's answers in words a seller reads, and what a Vintage listing proposes. The values themselves are the
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

/** The last year a when_made value covers; null for made to order (not made yet). */
function lastYearOf(value: string): number | null {
  const before = /^before_(\d+)$/.exec(value)
  if (before) return Number(before[1]) - 1
  const range = /^\d+_(\d+)$/.exec(value)
  if (range) return Number(range[1])
  // A decade ('1990s'); read so, a century ('1800s') ends too early, which changes nothing for a 20-year line.
  const decade = /^(\d+)0s$/.exec(value)
  return decade ? Number(decade[1]) * 10 + 9 : null
}

// Etsy's rule: vintage is at least 20 years old.
const VINTAGE_YEARS = 20

/** The newest when_made wholly at least 20 years ago: Etsy's vintage. */
export function vintageWhenMade(values: readonly string[], now = new Date()): string | undefined {
  const newest = now.getFullYear() - VINTAGE_YEARS
  return values.find((value) => {
    const last = lastYearOf(value)
    return last !== null && last <= newest
  })
}

/** A listing whose Type reads Vintage: someone else made it, at least 20 years ago (issue 29). */
export const isVintage = (listing: Pick<Listing, 'type'>) => listing.type === 'Vintage'

export const SUPPLY_OPTIONS: Option[] = [
  { value: 'false', label: 'A finished product' },
  { value: 'true', label: 'A supply or tool to make things' },
]

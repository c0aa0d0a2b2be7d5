// Etsy's when_made values, and its rule on what a shop may sell that someone else made, in this one module: Etsy renames
// its newest bucket every year (2020_2024 became 2020_2025, and will become 2020_2026), so a yearly change is this list
// and nothing else (the vintage line moves with the calendar by itself). Copied on 2026-11-27 from the enum of
// createDraftListing's when_made in Etsy's OpenAPI file (tests/contracts/etsy/etsy_open_api_v3.json, Etsy's
// https://www.etsy.com/openapi/generated/oas/3.0.0.json as of December 2025). When Etsy refuses one, its error says
// so and lists these (services/etsy/refusals.ts), and the contract test compares this list with the file.
export const ETSY_WHEN_MADE = [
  'made_to_order',
  '2020_2025',
  '2010_2019',
  '2006_2009',
  'before_2006',
  '2000_2005',
  '1990s',
  '1980s',
  '1970s',
  '1960s',
  '1950s',
  '1940s',
  '1930s',
  '1920s',
  '1910s',
  '1900s',
  '1800s',
  '1700s',
  'before_1700',
] as const
export type EtsyWhenMade = (typeof ETSY_WHEN_MADE)[number]

/**
 * Etsy's vintage: at least 20 years old. Etsy's seller policy allows three things: what the seller makes (handmade),
 * vintage items, and craft supplies (which may be commercially made); what someone else made is only the last two.
 */
export const ETSY_VINTAGE_YEARS = 20

/** The newest year a vintage item may have been made in, today. */
export const vintageYear = (now = new Date()) => now.getFullYear() - ETSY_VINTAGE_YEARS

/** The last year a when_made value covers ('1990s' → 1999, '2000_2005' → 2005, 'before_2006' → 2005); null: made to order. */
function lastYearOf(value: string): number | null {
  const before = /^before_(\d+)$/.exec(value)
  if (before) return Number(before[1]) - 1
  const range = /^\d+_(\d+)$/.exec(value)
  if (range) return Number(range[1])
  // A decade ('1990s'); read so, a century ('1800s') ends too early, which changes nothing for a 20-year line.
  const decade = /^(\d+)0s$/.exec(value)
  return decade ? Number(decade[1]) * 10 + 9 : null
}

/** Every year the value covers is at least 20 years ago: vintage on Etsy. */
export function isVintageWhenMade(value: string, now = new Date()): boolean {
  const last = lastYearOf(value)
  return last !== null && last <= vintageYear(now)
}

/**
 * Why Etsy would not allow these answers, in the seller's words; null when it would (or an answer is still missing).
 * Someone else made it and it is a finished product: it must be vintage, every year of its when_made 20 or more ago.
 */
export function etsyResaleRefusal(
  answers: { whoMade?: string | undefined; whenMade?: string | undefined; isSupply?: boolean | undefined },
  now = new Date(),
): string | null {
  const { whoMade, whenMade, isSupply } = answers
  if (whoMade !== 'someone_else' || isSupply !== false || !whenMade || isVintageWhenMade(whenMade, now)) return null
  return `Etsy allows items someone else made only when they are vintage (made in ${vintageYear(now)} or earlier) or craft supplies. Posting a newer one as a finished product breaks Etsy's rules and can get your shop suspended: say when it was really made, or sell it elsewhere.`
}

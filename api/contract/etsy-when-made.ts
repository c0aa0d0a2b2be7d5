// Etsy's when_made values, in this one module: Etsy renames its newest bucket every year (2020_2024 became 2020_2025,
// and will become 2020_2026), so a yearly change is this list and nothing else. Copied on 2026-11-27 from the enum of
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

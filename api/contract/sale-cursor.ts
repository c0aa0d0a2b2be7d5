// Where a page of the sales behind an Insights figure ends (GET /api/insights/sales?after=): the last sale's key, as
// URL-safe base64 of its JSON. Read back only when each part is one the page's query takes, so a cursor the server never
// wrote is a 400, not a query Postgres refuses (issue 46 G8).
import * as v from 'valibot'
import { isCalendarDay } from './listing-field-schemas.ts'
import { SOLD_ON_VALUES, type SoldOn } from './listing.ts'

/** A sale's place in the order pages are read: newest first, then marketplace and sale id. */
export interface SaleKey {
  /** When it sold, as Postgres writes a timestamptz (`sold_at::text`), so the query reads back the very instant. */
  soldAtKey: string
  marketplace: SoldOn
  saleId: string
}

const NOT_A_CURSOR = 'after must be the cursor a page gave'
/** A sale id's longest: a marketplace's order and line ids are far shorter. */
const SALE_ID_MAX = 200
// The ISO text of a timestamptz, to the microsecond, with the session's offset (+00, +05:30, or -04:56:02 in old years).
const TIMESTAMPTZ_TEXT =
  /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/

const SaleKeySchema = v.object({
  soldAtKey: v.pipe(
    v.string(),
    v.check((text) => TIMESTAMPTZ_TEXT.test(text) && isCalendarDay(text.slice(0, 10))),
  ),
  marketplace: v.picklist(SOLD_ON_VALUES),
  saleId: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(SALE_ID_MAX),
    v.check((id) => !id.includes('\0')),
  ),
})

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

function fromBase64Url(cursor: string): string {
  const base64 = cursor.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
}

export const saleCursorOf = (key: SaleKey) => toBase64Url(JSON.stringify(key))

function saleKeyOf(cursor: string): SaleKey | undefined {
  try {
    const key = v.safeParse(SaleKeySchema, JSON.parse(fromBase64Url(cursor)))
    return key.success ? key.output : undefined
  } catch {
    return undefined // not base64 of UTF-8 JSON
  }
}

/** `after` as the query string carries it, read as the sale it names. */
export const SaleCursorSchema = v.pipe(
  v.string(NOT_A_CURSOR),
  v.regex(/^[A-Za-z0-9_-]{1,400}$/, NOT_A_CURSOR),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const key = saleKeyOf(dataset.value)
    if (key) return key
    addIssue({ message: NOT_A_CURSOR })
    return NEVER
  }),
)

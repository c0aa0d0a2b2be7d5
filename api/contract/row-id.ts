// A row's id as a request carries it (a listing, a template, a bulk post…): a Postgres integer, 1 to 2147483647. Every
// id a route reads is bounded here, so no validation lets through an id the query's integer cannot hold (issue 46 G8).
import * as v from 'valibot'

/** The largest Postgres integer: of a row id, and of any integer column a request sets. */
export const POSTGRES_INTEGER_MAX = 2_147_483_647

const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= POSTGRES_INTEGER_MAX

/** An id sent as a JSON number. */
export const rowIdSchema = (message: string) => v.pipe(v.number(message), v.check(isRowId, message))

/** An id as a path or a query string carries it: digits alone (no sign, space or exponent), read as a number. */
export const rowIdTextSchema = (message: string) =>
  v.pipe(v.string(message), v.regex(/^\d{1,10}$/, message), v.transform(Number), v.check(isRowId, message))

/** Whether text is an id's digits, within a row id's range: for ids read out of other text (a list, a cursor). */
export const isRowIdText = (text: string) => /^\d{1,10}$/.test(text) && isRowId(Number(text))

// Listing ids in a query string (?ids=3,7,12), for a selection made on the Dashboard: in the order given, each once,
// at most `max` of them, each a row id (row-id.ts).
import * as v from 'valibot'
import { isRowIdText } from './row-id.ts'

export const idListSchema = (max: number) => {
  const message = `ids must be listing numbers separated by commas, at most ${max}`
  return v.pipe(
    v.string(message),
    v.regex(/^\d{1,10}(,\d{1,10})*$/, message),
    v.transform((text) => text.split(',')),
    v.check((ids) => ids.every(isRowIdText), message),
    v.transform((ids) => [...new Set(ids.map(Number))]),
    v.check((ids) => ids.length <= max, message),
  )
}

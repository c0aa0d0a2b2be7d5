// JSON that a route answers as text it already holds (GET /api/listings: Postgres writes the list itself), typed as
// what the text holds. hono/client cannot see into a string, so without this the client's answer would be unknown;
// with it, the answer's type is inferred as for c.json, while the text goes out untouched (no parse, no re-serialise).
import type { Context, TypedResponse } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { JSONParsed } from 'hono/utils/types'

declare const holds: unique symbol

/** JSON text that holds a T; made only where the text is written (a query's json_agg, say), by a cast that says so. */
export type JsonText<T> = string & { readonly [holds]: T }

/** Answers the text as it is, with the JSON content type, typed as the T it holds. */
export const jsonText = <T, S extends ContentfulStatusCode>(c: Context, text: JsonText<T>, status: S) =>
  c.body(text, status, { 'content-type': 'application/json' }) as unknown as Response &
    TypedResponse<JSONParsed<T>, S, 'json'>

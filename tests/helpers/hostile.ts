// Hostile input for the API, generated with fast-check from the contract's valibot schemas: a valid request with one
// field replaced by a wrong type, a value just past a limit the schema states, awkward unicode or a NUL; bodies that are
// not JSON at all or exceed the size limit; ids and query strings no route should accept. Every generated input is one
// the contract refuses, so the API must answer it with a 4xx and a message, and store nothing.
import fc from 'fast-check'
import * as v from 'valibot'

type Schema = v.GenericSchema
type SchemaNode = Record<string, unknown> & { type?: string }

// The JSON body limit is 64 KB (api/app.ts): just past it, and far past it.
const OVER_BODY_LIMIT = [64 * 1024 + 1, 1024 * 1024]

/** Strings that have broken parsers, databases and renderers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'nul\u0000in the middle',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '\ufeff',
  '🦄'.repeat(100),
  'Z̸̢͉̝a̵̲͍l̷̹̓g̸̱̈o̶͎̍',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '%',
  '${7*7}{{7*7}}',
  'x'.repeat(10_000),
  '\r\n\t\v\f\b',
]

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  -1.5,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  2 ** 31,
  -(2 ** 31) - 1,
]

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
)

/** Any JSON value, weighted towards the types and values that break things. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [[[[[]]]]], JSON.parse('{"__proto__": {"isAdmin": true}}'), {
    constructor: { prototype: {} },
  }),
  fc.constantFrom(...NASTY_NUMBERS),
  hostileString,
  fc.array(hostileString, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
)

/** The values just past each limit a schema states (lengths, ranges, whole numbers, lists of choices). */
export function valuesPastLimits(schema: Schema): unknown[] {
  const values: unknown[] = []
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    const { type, requirement, options, pipe, wrapped, entries, item } = node as SchemaNode & {
      requirement?: unknown
      options?: unknown[]
      pipe?: unknown[]
      wrapped?: unknown
      entries?: Record<string, unknown>
      item?: unknown
    }
    if (type === 'max_length' && typeof requirement === 'number')
      values.push('x'.repeat(requirement + 1), Array(requirement + 1).fill('x'))
    if (type === 'min_length' && typeof requirement === 'number' && requirement > 0)
      values.push('x'.repeat(requirement - 1))
    if (type === 'min_value' && typeof requirement === 'number') values.push(requirement - 1, String(requirement - 1))
    if (type === 'max_value' && typeof requirement === 'number') values.push(requirement + 1, String(requirement + 1))
    if (type === 'integer') values.push(1.5, '1.5', '1e3.5')
    if (type === 'picklist' && Array.isArray(options)) {
      const first = String(options[0])
      values.push(first.toUpperCase(), ` ${first}`, `${first}\u0000`, first.normalize('NFD') + '\u0301')
    } else if (Array.isArray(options)) options.forEach(visit)
    pipe?.forEach(visit)
    visit(wrapped)
    visit(item)
    if (entries) Object.values(entries).forEach(visit)
  }
  visit(schema)
  return values
}

// In JSON text a NUL is the escape \u0000 not itself escaped: after an even run of backslashes (none, or "\\" pairs).
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/
const holdsNul = (value: unknown): boolean => NUL_ESCAPE.test(JSON.stringify(value) ?? '')

/**
 * Whether the API must refuse this value: the contract's schema refuses it, or it holds a NUL character, which no
 * Postgres text column can store (the API refuses it before any query, in api/validate.ts).
 */
export const mustRefuse = (schema: Schema, value: unknown) => holdsNul(value) || !v.safeParse(schema, value).success

const fieldsOf = (schema: Schema): string[] => Object.keys((schema as unknown as { entries?: object }).entries ?? {})

/** A valid object with one field replaced, removed or added; or not an object at all. */
function hostileObject(schema: Schema, valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema)
  // A schema may declare no limits to go past (a pattern alone, say).
  const pastLimits = valuesPastLimits(schema)
  const replacement = pastLimits.length ? fc.oneof(hostileValue, fc.constantFrom(...pastLimits)) : hostileValue
  const oneFieldChanged = fc
    .record({
      field: fc.constantFrom(...fields, '__proto__', 'isAdmin', 'id'),
      value: replacement,
      remove: fc.boolean(),
    })
    .map(({ field, value, remove }) => {
      const copy: Record<string, unknown> = { ...valid }
      if (remove) delete copy[field]
      else Object.defineProperty(copy, field, { value, enumerable: true, writable: true, configurable: true })
      return copy
    })
  return fc.oneof({ weight: 4, arbitrary: oneFieldChanged }, { weight: 1, arbitrary: hostileValue })
}

/** Body text that is not JSON, is JSON of the wrong shape or size, or is JSON only a lenient parser would accept. */
const malformedJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    'NaN',
    '1e309',
    '{"price": 1e309, "quantity": -1e309}',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '"\\u0000"',
    '['.repeat(100_000),
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`,
  ),
  fc.constantFrom(...OVER_BODY_LIMIT).map((size) => JSON.stringify({ title: 'x'.repeat(size) })),
  fc.string({ unit: 'binary', maxLength: 200 }),
)

/** Whether the API must refuse this body text: it holds a NUL, is not JSON, or is JSON the contract refuses. */
export function mustRefuseText(schema: Schema, text: string): boolean {
  if (NUL_ESCAPE.test(text)) return true
  let value: unknown
  try {
    // As the server reads a body (the Fetch standard's "UTF-8 decode"), a leading byte order mark is dropped first.
    value = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return true
  }
  return !v.safeParse(schema, value).success
}

// Nested as deep as the 64 KB body limit allows: JSON.stringify (the driver's, for jsonb) overflows the stack far sooner.
const DEEP = 20_000

/** A valid body with one field nested thousands of arrays deep, written as text (building it as a value would overflow). */
const deeplyNested = (schema: Schema, valid: Record<string, unknown>) =>
  fc
    .constantFrom(...fieldsOf(schema))
    .map(
      (field) =>
        `${JSON.stringify({ ...valid, [field]: null }).replace(`"${field}":null`, `"${field}":${'['.repeat(DEEP)}${']'.repeat(DEEP)}`)}`,
    )

/**
 * JSON body text the API must refuse: a valid body with one field gone wrong, another shape, no JSON at all, or a
 * field nested thousands deep (no request of the app nests more than two levels, whatever a schema lets through).
 */
export const hostileJsonText = (schema: Schema, valid: Record<string, unknown>): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .oneof(
          { weight: 3, arbitrary: hostileObject(schema, valid).map((value) => JSON.stringify(value) ?? '') },
          { weight: 1, arbitrary: malformedJsonText },
        )
        .filter((text) => mustRefuseText(schema, text)),
    },
    { weight: 1, arbitrary: deeplyNested(schema, valid) },
  )

/** Junk for a route that reads no body: small enough to pass the body limit, which would refuse it for its size alone. */
export const junkBody = malformedJsonText.filter((text) => text.length <= 64 * 1024)

const PARAM_STRINGS = [
  '-1',
  '0',
  '1e309',
  'abc',
  '99999999999',
  '1.5',
  '0x1A',
  ' 1',
  '1 ',
  '+1',
  '١٢٣',
  '１',
  '9'.repeat(500),
  'a'.repeat(5000),
  'null',
  'undefined',
]
// Broken percent-encoding, sent as is: the server must not fail decoding it.
const MALFORMED_ESCAPES = ['%', '%zz', '%E0%A4%A', '%00']

/**
 * Path segments, percent-encoded so the URL parser cannot turn them into another path (it drops a trailing space, so
 * "1 " would reach /1 itself), plus broken escapes sent raw.
 */
export const hostileParamText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PARAM_STRINGS.map(encodeURIComponent), ...MALFORMED_ESCAPES),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.integer().map(String),
)

const QUERY_TEXTS = [
  'page=-1',
  'page=0',
  'page=1e309',
  'page=abc',
  'page=1.5',
  'page=99999999999',
  'page[]=1',
  'page=1&page=2',
  'page=%',
  'page=%00',
  'page=',
  'challenge_code=',
  'challenge_code',
  '=',
  '&&&',
  '%zz=1',
  'a=%E0%A4%A',
]

/** A query string (without the ?): broken encodings, repeated keys, empty keys, or random pairs. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...QUERY_TEXTS),
  fc
    .dictionary(hostileString, hostileString, { maxKeys: 4 })
    .map((pairs) => new URLSearchParams(pairs as Record<string, string>).toString()),
)

/** The query object a Hono validator sees: one value per key, or a list when the key repeats; nameless pairs are dropped. */
export function queryObject(query: string): Record<string, string | string[]> {
  const params = new URLSearchParams(query)
  return Object.fromEntries(
    [...new Set(params.keys())].filter(Boolean).map((key) => {
      const values = params.getAll(key)
      return [key, values.length === 1 ? values[0]! : values]
    }),
  )
}

/** Headers a client might send instead of JSON's. */
export const wrongContentType = fc.constantFrom(
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonp',
  'json',
  '',
)

/** The keys of an object schema's entries, or of each schema an intersection joins (a query's keys). */
export function keysOf(schema: Schema): string[] {
  const node = schema as unknown as { entries?: object; type?: string; options?: Schema[] }
  if (node.entries) return Object.keys(node.entries)
  return node.type === 'intersect' ? (node.options ?? []).flatMap(keysOf) : []
}

// Whole numbers at and past a Postgres integer's largest (2147483647), where row ids live, and past a bigint's.
const PAST_INTEGER = ['2147483647', '2147483648', '4294967296', '9999999999', '9223372036854775808', '9'.repeat(30)]
const idPastInteger = fc.constantFrom(...PAST_INTEGER)
// Texts a timestamptz cast refuses or reads as no instant, in the shape `sold_at::text` has.
const NOT_A_TIME = [
  'not a time',
  '2026-02-30 10:00:00+00',
  '2026-13-01 10:00:00+00',
  '2026-03-01 24:00:01+00',
  '0000-01-01 00:00:00+00',
  '99999-01-01 00:00:00+00',
  '2026-03-01 10:00:00+99',
  '2026-03-01 10:00:00\u0000+00',
  'infinity',
  '',
]
/** A sale's keyset cursor as the Insights write it (URL-safe base64 of its JSON), with a key Postgres cannot take. */
const saleCursor = fc
  .record({
    soldAtKey: fc.oneof(fc.constantFrom(...NOT_A_TIME), hostileString),
    marketplace: fc.oneof(fc.constantFrom('ebay', 'etsy', 'elsewhere', 'amazon', 'ebay\u0000'), hostileString),
    saleId: fc.oneof(fc.constantFrom('sale-1', 'sale\u0000-1'), hostileString),
  })
  .map((key) => Buffer.from(JSON.stringify(key)).toString('base64url'))
/** A listing search's cursor (sort key . id) with a key or an id past what Postgres holds. */
const listingCursor = fc
  .tuple(fc.constantFrom('0', '-1', '9999999999999999', '-9999999999999999', ...PAST_INTEGER), idPastInteger)
  .map(([key, id]) => `${key}.${id}`)

/**
 * Values of the shape an id or a keyset cursor has that Postgres cannot take: ids past its integer, cursors holding a
 * time that is none, a NUL or an unknown marketplace. A route whose validation lets one through must still answer it as
 * a query that finds nothing; a 500 means validation accepts what the query refuses.
 */
export const PAST_WHAT_POSTGRES_TAKES: Record<string, fc.Arbitrary<string>> = {
  id: idPastInteger,
  ids: fc.array(fc.oneof(idPastInteger, fc.constant('1')), { minLength: 1, maxLength: 3 }).map((ids) => ids.join(',')),
  after: fc.oneof(saleCursor, listingCursor, idPastInteger),
}

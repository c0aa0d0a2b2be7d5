// The client reacts to the API's error codes, never to its words: docs/product.md §8's strings are chosen by code, no client
// source looks into a server message, and the server can only throw codes the contract declares.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES, type ErrorCode } from '../../api/contract/errors.ts'
import { AppError } from '../../api/errors.ts'
import { exchangeFailureDetail, exchangeFailureToast } from '../../src/marketplaces/ebay/ebay-connect-words.ts'
import { bulkRefusalReason, postFailureToast } from '../../src/marketplaces/ebay/ebay-post-failure.ts'
import { ApiError, apiErrorFrom } from '../../src/offline/api-error.ts'

const root = join(import.meta.dirname, '../..')
const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file))
const read = (file: string) => readFileSync(join(root, file), 'utf8')

// The server's sentences for people: the string literals an error is made with (up to their first interpolation).
const ERROR_MAKERS =
  /\b(?:new (?:AppError|GrantRefused|TokenRejected)|badRequest|unauthorized|forbidden|notFound|conflict|tokenInvalid)\(/g
function serverSentences(): string[] {
  const sentences = new Set<string>()
  for (const file of sourcesUnder('api')) {
    const text = read(file)
    for (const maker of text.matchAll(ERROR_MAKERS)) {
      const call = text.slice(maker.index, maker.index + 400).split(/\)\s*\n/)[0]!
      for (const literal of call.matchAll(/'([^'\n]{16,})'|`([^`\n]{16,})`|"([^"\n]{16,})"/g)) {
        const fixed = (literal[1] ?? literal[2] ?? literal[3]!).split('${')[0]!.trim()
        if (fixed.length >= 16 && fixed.includes(' ')) sentences.add(fixed)
      }
    }
  }
  return [...sentences]
}

const clientSources = () => [...sourcesUnder('src'), ...sourcesUnder('sw')]

const answer = (
  status: number,
  code: ErrorCode,
  message = 'Whatever the server says today.',
  fields?: Record<string, string>,
) => new ApiError(status, message, code, fields, message)

describe('errors by code', () => {
  it('no client source looks into the text of an error message', () => {
    const peeking = /message\??\.(includes|startsWith|endsWith|match|indexOf)\(|\.test\([^)]*message/
    const offenders = clientSources().filter((file) => peeking.test(read(file)))
    expect(offenders).toEqual([])
  })

  it('no client source contains a sentence the server says', () => {
    const sentences = serverSentences()
    expect(sentences.length).toBeGreaterThan(50)
    const offenders = clientSources().flatMap((file) => {
      const text = read(file)
      return sentences.filter((sentence) => text.includes(sentence)).map((sentence) => `${file}: ${sentence}`)
    })
    expect(offenders).toEqual([])
  })

  it('declares each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length)
  })

  it('lets the server throw only declared codes (checked by the type checker)', () => {
    // @ts-expect-error: a code that is not in api/contract/errors.ts does not compile.
    expect(new AppError(400, 'made_up_code', 'x').code).toBe('made_up_code')
  })

  it('reads the API’s answer into one error with status, code, message and fields', async () => {
    const body = { message: 'Title is required', code: 'invalid_input', fields: { title: 'Title is required' } }
    const error = await apiErrorFrom(new Response(JSON.stringify(body), { status: 400 }))
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Title is required',
      fields: body.fields,
      serverMessage: 'Title is required',
    })
    const proxy = await apiErrorFrom(new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }))
    expect(proxy).toMatchObject({
      status: 502,
      code: undefined,
      message: '502: upstream down',
      fields: {},
      serverMessage: undefined,
    })
  })
})

describe('docs/product.md §8 strings chosen by code', () => {
  it('the eBay exchange toast', () => {
    expect(exchangeFailureToast(answer(502, 'ebay_unavailable'))).toBe(
      "eBay's servers are unavailable right now. Please try again in a few minutes.",
    )
    expect(exchangeFailureToast(answer(500, 'ebay_missing_cert_id'))).toBe(
      'There is a server configuration issue (Missing eBay Certificate ID). Please contact support.',
    )
    expect(exchangeFailureToast(answer(400, 'ebay_grant_refused'))).toBe(
      'Could not exchange authorization code for access token.',
    )
    expect(exchangeFailureToast(new TypeError('Failed to fetch'))).toBe(
      'Could not exchange authorization code for access token.',
    )
  })

  it('the eBay callback page', () => {
    expect(exchangeFailureDetail(answer(502, 'ebay_unreachable'))).toMatch(/^502 Bad Gateway: /)
    expect(exchangeFailureDetail(answer(400, 'ebay_grant_refused'))).toBe(
      'The authorization code from eBay is invalid or has expired (codes last about 5 minutes and work once). Please connect again from the Dashboard.',
    )
    expect(exchangeFailureDetail(answer(400, 'oauth_state_invalid', 'The state did not match.'))).toBe(
      'The state did not match.',
    )
  })

  it('the post to eBay toast', () => {
    for (const code of [
      'ebay_missing_fields',
      'ebay_policies_missing',
      'ebay_policies_not_opted_in',
      'ebay_policies_refused',
    ] as const) {
      expect(postFailureToast(answer(400, code, 'What is missing.'))).toEqual({
        title: 'Listing Requirements',
        description: 'What is missing.',
        reconnect: false,
      })
    }
    for (const code of ['ebay_token_rejected', 'ebay_grant_refused', 'marketplace_connection_lapsed'] as const) {
      expect(postFailureToast(answer(409, code))).toEqual({
        title: 'Authentication Issue',
        description: 'Your eBay connection needs to be refreshed. Please reconnect your eBay account.',
        reconnect: true,
      })
    }
    expect(postFailureToast(answer(502, 'ebay_unavailable', 'eBay is down.'))).toEqual({
      title: 'Error',
      description: 'eBay is down.',
      reconnect: false,
    })
    expect(postFailureToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Error',
      description: 'Failed to post listing to eBay',
      reconnect: false,
    })
  })

  it('why one listing of a bulk post was not posted, from the code and sentence its job recorded', () => {
    expect(bulkRefusalReason('ebay_missing_fields', 'Missing required fields: Brand.')).toEqual({
      reason: 'Missing required fields: Brand.',
      reconnect: false,
    })
    for (const code of ['ebay_token_rejected', 'ebay_grant_refused', 'marketplace_connection_lapsed']) {
      expect(bulkRefusalReason(code, 'eBay token expired: connect again.')).toEqual({
        reason: 'Your eBay connection needs to be refreshed. Please reconnect your eBay account.',
        reconnect: true,
      })
    }
    expect(bulkRefusalReason('not_found', 'Listing 7 was not found.')).toEqual({
      reason: 'This listing is no longer on Snaplist.',
      reconnect: false,
    })
    expect(bulkRefusalReason('ebay_refused', null)).toEqual({
      reason: 'Failed to post listing to eBay',
      reconnect: false,
    })
  })
})

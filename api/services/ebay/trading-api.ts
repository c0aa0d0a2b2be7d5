// Calls to eBay's Trading API (XML over POST /ws/api.dll) on a seller's behalf, for the listings a seller made on
// ebay.com without the Inventory API (docs/decisions/0037): read them (GetMyeBaySelling, GetItem), revise their price and
// count (ReviseInventoryStatus) and end them (EndFixedPriceItem). The seller's OAuth token goes in X-EBAY-API-IAF-TOKEN;
// eBay answers HTTP 200 with <Ack>Failure</Ack> for most refusals, and its call limit as error 518.
import { TokenRejected } from '../marketplaces/connections.ts'
import { ebayBusy, ebayUnavailable, ebayUnreachable } from './errors.ts'
import { EbayRefusal } from './sell-api.ts'
import { childrenNamed, parseXml, textAt, tradingRequestXml, type XmlElement, type XmlValue } from './trading-xml.ts'

const TIMEOUT_MS = 20_000
/** The schema version Snaplist's requests and readings follow (eBay's release of 2024). */
export const TRADING_COMPATIBILITY_LEVEL = '1349'
/** eBay US. */
const SITE_ID = '0'
// eBay's error codes: the call limit of the application (518) or of the seller (21919144), and tokens it refused.
const LIMIT_ERRORS = new Set(['518', '21919144'])
const TOKEN_ERRORS = new Set(['931', '932', '21916984', '21917053'])

function failure(answer: XmlElement, callName: string): Error | undefined {
  const ack = textAt(answer, 'Ack')
  if (ack === 'Success' || ack === 'Warning') return undefined
  const errors = childrenNamed(answer, 'Errors').filter((error) => textAt(error, 'SeverityCode') !== 'Warning')
  const codes = errors.map((error) => textAt(error, 'ErrorCode') ?? '')
  console.error(`[ebay] Trading ${callName} answered ${ack ?? 'no Ack'} (errors ${codes.join(', ')})`)
  if (codes.some((code) => LIMIT_ERRORS.has(code))) return ebayBusy()
  if (codes.some((code) => TOKEN_ERRORS.has(code)))
    return new TokenRejected('ebay', 'eBay authentication failed: eBay did not accept the access token.')
  if (!errors.length || errors.some((error) => textAt(error, 'ErrorClassification') === 'SystemError'))
    return ebayUnavailable()
  const words = errors.map((error) => textAt(error, 'LongMessage') || textAt(error, 'ShortMessage') || '').join(' ')
  return new EbayRefusal(400, codes.map(Number).filter(Number.isFinite), words.trim())
}

export interface TradingClient {
  /** One call; answers the <CallNameResponse> element when eBay acknowledged it, else throws our error for it. */
  call(accessToken: string, callName: string, body: Record<string, XmlValue | undefined>): Promise<XmlElement>
}

export function createTradingClient(apiHost: string, fetcher: typeof fetch = fetch): TradingClient {
  return {
    async call(accessToken: string, callName: string, body: Record<string, XmlValue | undefined>): Promise<XmlElement> {
      let response: Response
      try {
        response = await fetcher(`${apiHost}/ws/api.dll`, {
          method: 'POST',
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            'x-ebay-api-call-name': callName,
            'x-ebay-api-siteid': SITE_ID,
            'x-ebay-api-compatibility-level': TRADING_COMPATIBILITY_LEVEL,
            'x-ebay-api-iaf-token': accessToken,
          },
          body: tradingRequestXml(callName, body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        console.error(`[ebay] Trading ${callName} failed: ${error instanceof Error ? error.message : String(error)}`)
        throw ebayUnreachable()
      }
      if (response.status === 429) throw ebayBusy()
      if (response.status === 401)
        throw new TokenRejected('ebay', 'eBay authentication failed: eBay did not accept the access token.')
      if (!response.ok) throw ebayUnavailable()
      let answer: XmlElement
      try {
        answer = parseXml(await response.text())
      } catch (error) {
        console.error(`[ebay] Trading ${callName} answered what is not XML: ${(error as Error).message}`)
        throw ebayUnavailable()
      }
      const refused = failure(answer, callName)
      if (refused) throw refused
      return answer
    },
  }
}

// The Trading API's XML as the app reads and writes it (api/services/ebay/trading-xml.ts, docs/decisions/0037), and an
// eBay description as the text a listing keeps (import-listing.ts).
import { describe, expect, it } from 'vitest'
import { textOfHtml } from '../../../api/services/listings/imported-text.ts'
import { childrenNamed, parseXml, textAt, tradingRequestXml } from '../../../api/services/ebay/trading-xml.ts'

describe("eBay's Trading XML", () => {
  it('reads elements, attributes, entities, numeric references and CDATA', () => {
    const answer = parseXml(`<?xml version="1.0" encoding="UTF-8"?>
<GetItemResponse xmlns="urn:ebay:apis:eBLBaseComponents"><Ack>Success</Ack><Item><Title>Levi&apos;s &amp; co &#233;</Title>
<Description><![CDATA[<p>Soft & warm</p>]]></Description><StartPrice currencyID="USD">12.50</StartPrice>
<PictureDetails><PictureURL>a</PictureURL><PictureURL>b</PictureURL></PictureDetails><Empty/></Item></GetItemResponse>`)
    expect(answer.name).toBe('GetItemResponse')
    expect(textAt(answer, 'Item', 'Title')).toBe("Levi's & co é")
    expect(textAt(answer, 'Item', 'Description')).toBe('<p>Soft & warm</p>')
    expect(answer.children[1]!.children.find((child) => child.name === 'StartPrice')!.attributes).toEqual({
      currencyID: 'USD',
    })
    const pictures = answer.children[1]!.children.find((child) => child.name === 'PictureDetails')
    expect(childrenNamed(pictures, 'PictureURL').map((url) => url.text)).toEqual(['a', 'b'])
    expect(textAt(answer, 'Item', 'Missing')).toBeUndefined()
  })

  it('refuses what is not well-formed', () => {
    expect(() => parseXml('<a><b></a>')).toThrow()
    expect(() => parseXml('<a>')).toThrow()
    expect(() => parseXml('<a><<b/></a>')).toThrow()
    expect(() => parseXml('<a/><b/>')).toThrow()
  })

  it("writes a request in eBay's namespace, text escaped, lists as repeated elements", () => {
    expect(tradingRequestXml('GetItem', { ItemID: '1 < 2 & "3"', Specifics: { Value: ['a', 'b'] }, Skip: undefined }))
      .toBe(`<?xml version="1.0" encoding="utf-8"?>
<GetItemRequest xmlns="urn:ebay:apis:eBLBaseComponents"><ItemID>1 &lt; 2 &amp; &quot;3&quot;</ItemID><Specifics><Value>a</Value><Value>b</Value></Specifics></GetItemRequest>`)
  })

  it('keeps a description as the text a buyer reads', () => {
    expect(textOfHtml('<div>Warm &amp; soft.<br>Made in USA.</div><script>x()</script><p>Two&nbsp; words</p>')).toBe(
      'Warm & soft.\nMade in USA.\nTwo words',
    )
  })
})

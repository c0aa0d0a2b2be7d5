// The little XML eBay's Trading API speaks (docs/decisions/0037): requests written from plain objects, answers read
// into a tree of elements. eBay's answers are elements, attributes (currencyID), text with the five entities and
// numeric references, and CDATA (a Description); no DTDs nor namespaces beyond the default one. Written here, not a
// package: it is all the app reads as XML, and it is under a hundred lines the tests cover.

export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  /** The element's own text (CDATA included), entities decoded. */
  text: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })

export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&${Object.entries(ENTITIES).find(([, value]) => value === char)![0]};`)

const TOKEN =
  /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/gy
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

/** The document's root element; throws on what is not well-formed (an unclosed or mismatched tag, stray text). */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '', attributes: {}, children: [], text: '' }
  const open: XmlElement[] = [root]
  TOKEN.lastIndex = 0
  let read = 0
  for (let match = TOKEN.exec(xml); match; match = TOKEN.exec(xml)) {
    read = TOKEN.lastIndex
    const [, cdata, closing, name, attributes, selfClosing, text] = match
    const current = open.at(-1)!
    if (cdata !== undefined) current.text += cdata
    else if (text !== undefined) current.text += decode(text)
    else if (closing !== undefined) {
      if (current.name !== closing.replace(/^\w+:/, '')) throw new Error(`XML: </${closing}> closes <${current.name}>`)
      open.pop()
    } else if (name !== undefined) {
      const element: XmlElement = { name: name.replace(/^\w+:/, ''), attributes: {}, children: [], text: '' }
      for (const [, key, double, single] of (attributes ?? '').matchAll(ATTRIBUTE))
        element.attributes[key!] = decode(double ?? single ?? '')
      current.children.push(element)
      if (!selfClosing) open.push(element)
    }
    if (read === xml.length) break
  }
  if (read !== xml.length) throw new Error('XML: unreadable text')
  if (open.length !== 1 || root.children.length !== 1) throw new Error('XML: not one closed root element')
  return root.children[0]!
}

/** The first child of this name (a path of names goes down), or undefined. */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let found = element
  for (const name of path) found = found?.children.find((entry) => entry.name === name)
  return found
}

/** Every child of this name. */
export const childrenNamed = (element: XmlElement | undefined, name: string): XmlElement[] =>
  element?.children.filter((entry) => entry.name === name) ?? []

/** The trimmed text at the path, or undefined when there is no such element. */
export const textAt = (element: XmlElement | undefined, ...path: string[]): string | undefined =>
  child(element, ...path)?.text.trim()

/** A request body's value: text, a number, nested elements, or a list (the element repeated). */
export type XmlValue = string | number | boolean | XmlValue[] | { [name: string]: XmlValue | undefined }

function write(name: string, value: XmlValue | undefined): string {
  if (value === undefined) return ''
  if (Array.isArray(value)) return value.map((entry) => write(name, entry)).join('')
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([key, entry]) => write(key, entry))
      .join('')}</${name}>`
  return `<${name}>${escapeXml(String(value))}</${name}>`
}

/** A Trading request: <CallNameRequest xmlns="urn:ebay:apis:eBLBaseComponents">…</CallNameRequest>. */
export const tradingRequestXml = (callName: string, body: Record<string, XmlValue | undefined>) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<${callName}Request xmlns="urn:ebay:apis:eBLBaseComponents">${Object.entries(
    body,
  )
    .map(([key, value]) => write(key, value))
    .join('')}</${callName}Request>`

/** Elements written from a value, for the stand-in's answers. */
export const xmlOf = write

// What a listing imported from a marketplace takes from the marketplace's words (decisions 0037, 0078): its HTML
// description as the text a buyer reads, and Snaplist's Category guessed from the marketplace's category or product
// type ("Other" when nothing says; the seller can change it).
import type { ListingInput } from '../../contract/listing.ts'

/** An imported description's length kept, as text. */
export const IMPORTED_DESCRIPTION_MAX = 4000

const CATEGORY_WORDS: [RegExp, ListingInput['category']][] = [
  [/cloth|shirt|jacket|coat|dress|jean|pant|shoe|boot|sneaker|apparel|sweater|skirt|hat|handbag|accessor/i, 'clothing'],
  [/electronic|phone|computer|laptop|camera|tablet|video game|console|audio|tv|headphone/i, 'electronics'],
  [/home|garden|kitchen|furniture|decor|bedding|lamp|tool/i, 'home'],
  [/\bbooks?\b|textbook|novel|magazine/i, 'books'],
  [/collectible|antique|coin|stamp|trading card|toy|memorabilia|vintage|art/i, 'collectibles'],
]

/** HTML as the text a buyer reads: tags dropped, breaks kept, entities decoded, blank runs closed up. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39|apos);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? "'",
    )
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Snaplist's Category for a marketplace's category name or product type; "other" when no word says. */
export const categoryOfName = (name: string): ListingInput['category'] =>
  CATEGORY_WORDS.find(([words]) => words.test(name))?.[1] ?? 'other'

// The words a model answers for our option sets that are not our values or labels ('grey', 'apparel'), read as ours.
import type { Category, Color, Department, ItemType, MeasurementUnit, SizeType } from '../../../contract/options.ts'

// Comparable form of a word or phrase: lower case, '&' as 'and', letters and digits only, a plural 's' dropped.
export function keyOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '')
    .replace(/s$/, '')
}

export type Synonyms<Value extends string> = Record<string, Value | ''>

export const CATEGORY_SYNONYMS: Synonyms<Category> = {
  apparel: 'clothing',
  clothes: 'clothing',
  shoes: 'clothing',
  footwear: 'clothing',
  sneakers: 'clothing',
  accessories: 'clothing',
  fashion: 'clothing',
  jewelry: 'clothing',
  jewellery: 'clothing',
  handbags: 'clothing',
  bags: 'clothing',
  furniture: 'home',
  kitchen: 'home',
  decor: 'home',
  garden: 'home',
  household: 'home',
  appliances: 'home',
  bedding: 'home',
  toys: 'collectibles',
  cards: 'collectibles',
  coins: 'collectibles',
  stamps: 'collectibles',
  antiques: 'collectibles',
  memorabilia: 'collectibles',
  figurines: 'collectibles',
  comics: 'collectibles',
  novels: 'books',
  textbooks: 'books',
  magazines: 'books',
  phones: 'electronics',
  cellphones: 'electronics',
  computers: 'electronics',
  laptops: 'electronics',
  tablets: 'electronics',
  cameras: 'electronics',
  audio: 'electronics',
  headphones: 'electronics',
  gaming: 'electronics',
  consoles: 'electronics',
  tv: 'electronics',
}

export const COLOR_SYNONYMS: Synonyms<Color> = {
  grey: 'gray',
  silver: 'gray',
  charcoal: 'gray',
  slate: 'gray',
  navy: 'blue',
  teal: 'blue',
  turquoise: 'blue',
  aqua: 'blue',
  cyan: 'blue',
  denim: 'blue',
  indigo: 'blue',
  beige: 'brown',
  tan: 'brown',
  khaki: 'brown',
  camel: 'brown',
  taupe: 'brown',
  cream: 'brown',
  gold: 'yellow',
  mustard: 'yellow',
  pink: 'red',
  maroon: 'red',
  burgundy: 'red',
  orange: 'red',
  coral: 'red',
  crimson: 'red',
  ivory: 'white',
  olive: 'green',
  lime: 'green',
  mint: 'green',
  emerald: 'green',
  sage: 'green',
  violet: 'purple',
  lavender: 'purple',
  lilac: 'purple',
  plum: 'purple',
  mauve: 'purple',
  multicolor: 'multi',
  multicolour: 'multi',
  multicolored: 'multi',
  multicoloured: 'multi',
  various: 'multi',
  rainbow: 'multi',
}

export const TYPE_SYNONYMS: Synonyms<ItemType> = {
  standard: 'Regular',
  normal: 'Regular',
  antique: 'Vintage',
  retro: 'Vintage',
  handcrafted: 'Handmade',
  homemade: 'Handmade',
  customized: 'Custom',
  customised: 'Custom',
  personalized: 'Custom',
  personalised: 'Custom',
}

export const SIZE_TYPE_SYNONYMS: Synonyms<SizeType> = {
  standard: 'Regular',
  normal: 'Regular',
  missy: 'Regular',
  misses: 'Regular',
  tall: 'Big',
  juniors: 'Junior',
}

export const DEPARTMENT_SYNONYMS: Synonyms<Department> = {
  unisex: 'Adult Unisex',
  adult: 'Adult Unisex',
  male: 'Men',
  man: 'Men',
  female: 'Women',
  woman: 'Women',
  ladies: 'Women',
  lady: 'Women',
  baby: 'Babies',
  infant: 'Babies',
  toddler: 'Babies',
  newborn: 'Babies',
  // Boys or girls? Not ours to guess.
  kids: '',
  children: '',
  youth: '',
}

// Inches are the unit not chosen ('').
export const UNIT_SYNONYMS: Synonyms<MeasurementUnit> = {
  in: '',
  inch: '',
  inches: '',
  centimeter: 'cm',
  centimeters: 'cm',
  centimetre: 'cm',
  centimetres: 'cm',
}

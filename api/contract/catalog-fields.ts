// Which of the listing's own fields (and measurements) answers which of the catalog's item specifics (catalog.ts): the
// analysis, the form and the offline store read it here, apart from the listing's schema, whose screens need none of
// it. The catalog is eBay's, and so is the mapping (its wing).
export { aspectOfField, isFieldAspect, measurementAspect, withoutFieldAspects } from './ebay/ebay-aspects.ts'

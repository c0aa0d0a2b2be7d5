// What a listing's answers say of its life on eBay (api/contract/ebay/ebay-listing-fields.ts EbayLife), as columns of
// the listing's select: SPEC's fields from the eBay place, where the last change stands there and whether it was
// imported. Read through marketplace-life-columns.ts.

export const EBAY_LIFE_COLUMNS = {
  // SPEC's fields, from the eBay place: 'sold' once the listing's last piece sold anywhere (its own mark).
  platformListingId: `(select 'ebay-' || external_id from listing_places where listing_id = listings.id
    and marketplace = 'ebay') as platform_listing_id`,
  platformStatus: `case when sold_out then 'sold' else (select case state when 'live' then 'active'
    when 'ended' then 'ended' when 'sold_out' then 'sold' end from listing_places where listing_id = listings.id
    and marketplace = 'ebay' and external_id is not null) end as platform_status`,
  ebayRevisionStatus: `(select revision_state from listing_places where listing_id = listings.id
    and marketplace = 'ebay' and revision_requested > 0) as ebay_revision_status`,
  ebayRevisionMessage: `(select revision_message from listing_places where listing_id = listings.id
    and marketplace = 'ebay' and revision_requested > 0) as ebay_revision_message`,
  ebayImported: 'ebay_import_source as ebay_imported',
} as const

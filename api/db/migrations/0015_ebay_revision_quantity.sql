-- A revision replaces the item's quantity on eBay, and eBay lowers it by itself when something sells: a revision must
-- send eBay's count with the seller's own change applied, never Snaplist's count from before a sale it has not read yet
-- (that would put sold pieces up for sale again). sent_quantity: Snaplist's quantity as eBay last got it (set as the
-- item call goes out), less the sales applied since, so quantity - sent_quantity is the seller's own change.
alter table ebay_revisions add column sent_quantity integer;
update ebay_revisions r set sent_quantity = l.quantity from listings l where l.id = r.listing_id;

-- A listing live on eBay that its seller deleted (docs/decisions/0023): hidden from the Dashboard at once, while a
-- durable job ends it on eBay and then reads the seller's orders once more; the row goes only after that. A sale found
-- meanwhile (made before eBay ended it) clears the mark, so the listing comes back as sold instead of being lost.
alter table listings add column deleting_since timestamptz;

-- A seller's listings waiting to be posted to eBay are counted at every bulk post (the cap, docs/decisions/0023): only
-- the queued rows are looked at.
create index ebay_bulk_post_items_queued_idx on ebay_bulk_post_items (bulk_post_id) where status = 'queued';

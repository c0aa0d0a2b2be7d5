-- A listing live on eBay that its seller deleted (docs/decisions/0023): hidden from the Dashboard at once, while a
-- durable job ends it on eBay and then reads the seller's orders once more; the row goes only after that. A sale found
-- meanwhile (made before eBay ended it) clears the mark, so the listing comes back as sold instead of being lost.
alter table listings add column deleting_since timestamptz;

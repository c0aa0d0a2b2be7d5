-- An order eBay took for a piece the listing no longer had (sold twice: decision 0030). No revision raises what eBay may
-- sell, but a count changed by hand on eBay, or a sale landing under a write that eBay lists only after the revision
-- looked, can still sell a piece twice. Each such order's id is kept here, and the listing shows it beside its sale
-- (sold_order_id, the order that sold the last piece), so the seller can cancel or settle it with the buyer.
alter table listings add column oversold_order_ids text[] not null default '{}';

-- The Dashboard sorts a seller's listings by the price eBay gets (priceForEbay: the seller's Price, else the median
-- used price, else the retail price), a page at a time: this index lets Postgres read the page in that order instead of
-- sorting every listing of the seller. Newest and oldest first use listings_user_created_idx (0002).
create index listings_user_ebay_price_idx on listings (user_id, (coalesce(asking_price_cents, nullif(median_used_price, 0) * 100, price * 100)));

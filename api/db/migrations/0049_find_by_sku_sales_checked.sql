-- Issue 47. The Dashboard's search finds the seller's own SKU, the one on their labels and in the CSVs (migration 0036),
-- whole or by its start and in any case: the search reads it as a range of this index (api/db/listing-search.ts), so a
-- search by SKU among 10,000 listings reads the few that match, not every one.
create index listings_user_lower_sku_prefix_idx on listings (user_id, lower(sku) text_pattern_ops);

-- When a seller's sales were last read on a marketplace is sales_polls.updated_at (migration 0030), which the
-- connections' lastSyncedAt now reads: this column was never written.
alter table marketplace_connections drop column last_synced_at;

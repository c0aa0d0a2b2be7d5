-- A markdown's price sent in a marketplace's bulk call (issue 51, docs/decisions/0080): eBay's bulkUpdatePriceQuantity
-- takes 25 listings' prices a call where a revision takes 4 calls a listing. The change is marked in the transaction
-- that sets the price, and unmarked once the marketplace has answered, so a run killed between the two sends it again
-- (the price is set, not added to: the same price twice changes nothing) and none is left unsent.
alter table markdown_changes add column bulk_sending boolean not null default false;
create index markdown_changes_bulk_sending_idx on markdown_changes (run_id) where bulk_sending;

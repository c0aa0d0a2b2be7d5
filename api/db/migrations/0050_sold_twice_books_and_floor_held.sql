-- What a reseller found in a day's work (issue 47, docs/decisions/0056).

-- A sale beyond the stock (sold twice: `short` pieces) is out of the books until the seller settles it, and how they
-- settled it says whether it comes in: 'cancelled' (the extra order was cancelled or settled with its buyer, nothing
-- shipped: it stays out) or 'sent' (the seller sent the buyer another piece from other stock: it counts). Sales
-- settled before the choice existed were settled as "sorted out", which is the first.
alter table marketplace_sales
  add column settled_as text check (settled_as in ('cancelled', 'sent'));
update marketplace_sales set settled_as = 'cancelled' where settled_at is not null;
alter table marketplace_sales
  add constraint marketplace_sales_settled_as check ((settled_at is null) = (settled_as is null));

-- A price cut's floor held the listing: lowered only as far as the floor, or left where it was at or below it. The
-- bulk action's result names them, so the seller sees which listings did not take the whole cut.
alter table bulk_action_items add column floor_held boolean not null default false;

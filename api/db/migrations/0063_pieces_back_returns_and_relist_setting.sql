-- Back in stock everywhere, the rest (issue 50, docs/decisions/0070). A marketplace can give back some pieces of a sale
-- (Etsy refunds part of a receipt): cancelled_pieces counts the pieces given back, by a cancellation or a return the
-- seller marked, and the books leave them out; cancelled_at is set when every piece is back. A return waits for the
-- seller: return_state is 'reported' when the marketplace says the buyer sent it back (return_pieces of them), then
-- 'back-in-stock' or 'damaged' as the seller says (returned_at). The seller's setting relist_cancelled (on unless
-- turned off) puts an item a cancelled sale gives back up again where it had sold out.
alter table marketplace_sales
  drop constraint marketplace_sales_cancelled,
  add column cancelled_pieces integer not null default 0,
  add column return_state text check (return_state in ('reported', 'back-in-stock', 'damaged')),
  add column return_pieces integer check (return_pieces > 0),
  add column returned_at timestamptz;

update marketplace_sales set cancelled_pieces = quantity where cancelled_at is not null;

alter table marketplace_sales
  add constraint marketplace_sales_cancelled_pieces check (cancelled_pieces between 0 and quantity),
  add constraint marketplace_sales_cancelled check ((cancelled_at is not null) = (cancelled_pieces = quantity)),
  add constraint marketplace_sales_restocked check ((restocked is null) = (cancelled_pieces = 0)),
  add constraint marketplace_sales_returned check ((returned_at is not null) = (return_state in ('back-in-stock', 'damaged'))),
  add constraint marketplace_sales_return_pieces check ((return_state is null) = (return_pieces is null));

alter table users add column relist_cancelled boolean not null default true;

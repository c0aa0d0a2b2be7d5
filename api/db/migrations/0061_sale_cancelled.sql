-- Back in stock everywhere (issue 50, docs/decisions/0065): a sale the marketplace cancelled after Snaplist applied it.
-- cancelled_at is the mark that applies the cancellation once (set only while null, in the transaction that puts its
-- pieces back); restocked is how many pieces went back to the listing's stock (a sold-twice sale's extra pieces never
-- left it). A cancelled sale counts nothing in the books.
alter table marketplace_sales
  add column cancelled_at timestamptz,
  add column restocked integer check (restocked >= 0),
  add constraint marketplace_sales_cancelled check ((cancelled_at is null) = (restocked is null));

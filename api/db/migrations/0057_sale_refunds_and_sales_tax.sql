-- What a tax year reconciles with each marketplace's 1099-K (issue 52, docs/decisions/0061): the sales tax the
-- marketplace collected from the buyer and paid over itself (eBay's collect-and-remit lines, Etsy's receipt tax), and
-- what the seller refunded, read with the sale's fees (eBay's REFUND transactions, Etsy's adjusted payment). Neither is
-- the seller's income, and the 1099-K's gross includes both. Sales recorded before are taken as none.
alter table marketplace_sales
  add column sales_tax_cents integer not null default 0 check (sales_tax_cents >= 0),
  add column refund_cents integer not null default 0 check (refund_cents >= 0);

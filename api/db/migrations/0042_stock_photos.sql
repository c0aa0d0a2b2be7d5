-- eBay's stock photo of a catalog product, copied in as a seller's photo at their choice (issue 33, decision 0046):
-- which product it pictures; null for the seller's own photos. A used item never goes to eBay with stock photos alone.
alter table images add column stock_of text;

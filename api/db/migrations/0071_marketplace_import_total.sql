-- How many listings an import has to bring, when the marketplace says (Shopify's productsCount, read with the first
-- page; docs/decisions/0079): the card shows "Imported N of M" and its bar. Null while unknown.
alter table marketplace_imports add column total integer check (total >= 0);

-- A listing's barcode and the eBay catalog product picked for it (issue 33, docs/decisions/0046): the GTIN as digits
-- (UPC, EAN or ISBN-13; '' for none) and eBay's product id ('' for none). eBay's catalog answers for a barcode are
-- kept some hours, as its other lookups are.
alter table listings
  add column gtin text not null default '' check (gtin ~ '^([0-9]{8}|[0-9]{12,14})?$'),
  add column ebay_product_id text not null default '' check (ebay_product_id ~ '^[0-9]{0,20}$');

alter table ebay_lookup_cache drop constraint ebay_lookup_cache_kind_check;
alter table ebay_lookup_cache
  add constraint ebay_lookup_cache_kind_check check (kind in ('category_suggestion', 'market_search', 'catalog_product'));

-- The version counts edits of the barcode and product too (migration 0013).
create or replace function listings_count_edits() returns trigger language plpgsql as $$
begin
  if (new.title, new.description, new.price, new.median_used_price, new.asking_price_cents, new.quantity, new.category,
      new.keywords, new.color, new.images, new.brand, new.size, new.type, new.size_type, new.department,
      new.cost_cents, new.sku, new.bin, new.bought_on, new.bought_where, new.private_notes,
      new.package_weight_oz, new.package_length_in, new.package_width_in, new.package_height_in,
      new.gtin, new.ebay_product_id)
    is distinct from
     (old.title, old.description, old.price, old.median_used_price, old.asking_price_cents, old.quantity, old.category,
      old.keywords, old.color, old.images, old.brand, old.size, old.type, old.size_type, old.department,
      old.cost_cents, old.sku, old.bin, old.bought_on, old.bought_where, old.private_notes,
      old.package_weight_oz, old.package_length_in, old.package_width_in, old.package_height_in,
      old.gtin, old.ebay_product_id)
  then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end
$$;

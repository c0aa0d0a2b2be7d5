-- Two things a reseller found in a day's work (issue 47 item 11, docs/decisions/0059).
--
-- A book's own details, shown for Books in place of clothing's and filled by eBay's catalog for an ISBN: each answers
-- eBay's item specific of that name ('' for not given).
alter table listings
  add column author text not null default '',
  add column book_format text not null default '',
  add column publisher text not null default '',
  add column publication_year text not null default '' check (publication_year ~ '^([0-9]{1,4})?$');

-- The version counts edits of the book's details too (migration 0013).
create or replace function listings_count_edits() returns trigger language plpgsql as $$
begin
  if (new.title, new.description, new.price, new.median_used_price, new.asking_price_cents, new.quantity, new.category,
      new.keywords, new.color, new.images, new.brand, new.size, new.type, new.size_type, new.department,
      new.cost_cents, new.sku, new.bin, new.bought_on, new.bought_where, new.private_notes,
      new.package_weight_oz, new.package_length_in, new.package_width_in, new.package_height_in,
      new.gtin, new.ebay_product_id, new.measurement_unit, new.pit_to_pit, new.shoulders, new.sleeve,
      new.garment_length, new.waist, new.inseam, new.rise, new.leg_opening,
      new.author, new.book_format, new.publisher, new.publication_year)
    is distinct from
     (old.title, old.description, old.price, old.median_used_price, old.asking_price_cents, old.quantity, old.category,
      old.keywords, old.color, old.images, old.brand, old.size, old.type, old.size_type, old.department,
      old.cost_cents, old.sku, old.bin, old.bought_on, old.bought_where, old.private_notes,
      old.package_weight_oz, old.package_length_in, old.package_width_in, old.package_height_in,
      old.gtin, old.ebay_product_id, old.measurement_unit, old.pit_to_pit, old.shoulders, old.sleeve,
      old.garment_length, old.waist, old.inseam, old.rise, old.leg_opening,
      old.author, old.book_format, old.publisher, old.publication_year)
  then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end
$$;

-- A waist is typed laid flat from now on, and the listing doubles it, round the waist. The waists saved before were
-- typed doubled, as the field's hint asked then ("laid flat across the waistband, doubled"): each is kept as its half,
-- so every listing still says the waist it said (a half past the hundredth is rounded to it). The version counts the
-- change, so an edit begun before it meets it as a conflict.
update listings set waist = trim_scale(round(waist::numeric / 2, 2))::text where waist <> '';

-- The parcel a listing ships in (issue 33, docs/decisions/0045): weight in whole ounces and size in whole inches, 0 for
-- not given; sent to eBay as the inventory item's package weight and size.
alter table listings
  add column package_weight_oz integer not null default 0 check (package_weight_oz >= 0),
  add column package_length_in integer not null default 0 check (package_length_in >= 0),
  add column package_width_in integer not null default 0 check (package_width_in >= 0),
  add column package_height_in integer not null default 0 check (package_height_in >= 0);

-- The version counts edits of the parcel too (migration 0013), so an offline edit made against an older one conflicts.
create or replace function listings_count_edits() returns trigger language plpgsql as $$
begin
  if (new.title, new.description, new.price, new.median_used_price, new.asking_price_cents, new.quantity, new.category,
      new.keywords, new.color, new.images, new.brand, new.size, new.type, new.size_type, new.department,
      new.cost_cents, new.sku, new.bin, new.bought_on, new.bought_where, new.private_notes,
      new.package_weight_oz, new.package_length_in, new.package_width_in, new.package_height_in)
    is distinct from
     (old.title, old.description, old.price, old.median_used_price, old.asking_price_cents, old.quantity, old.category,
      old.keywords, old.color, old.images, old.brand, old.size, old.type, old.size_type, old.department,
      old.cost_cents, old.sku, old.bin, old.bought_on, old.bought_where, old.private_notes,
      old.package_weight_oz, old.package_length_in, old.package_width_in, old.package_height_in)
  then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end
$$;

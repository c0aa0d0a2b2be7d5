-- A clothing listing's measurements (issue 33, docs/decisions/0047): each as the seller typed it, a number in the
-- listing's unit ('' for not measured), and the unit: 'cm', or '' for inches.
alter table listings
  add column measurement_unit text not null default '' check (measurement_unit in ('', 'cm')),
  add column pit_to_pit text not null default '' check (pit_to_pit ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$'),
  add column shoulders text not null default '' check (shoulders ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$'),
  add column sleeve text not null default '' check (sleeve ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$'),
  add column garment_length text not null default '' check (garment_length ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$'),
  add column waist text not null default '' check (waist ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$'),
  add column inseam text not null default '' check (inseam ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$'),
  add column rise text not null default '' check (rise ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$'),
  add column leg_opening text not null default '' check (leg_opening ~ '^([0-9]{1,3}(\.[0-9]{1,2})?)?$');

-- The version counts edits of the measurements too (migration 0013).
create or replace function listings_count_edits() returns trigger language plpgsql as $$
begin
  if (new.title, new.description, new.price, new.median_used_price, new.asking_price_cents, new.quantity, new.category,
      new.keywords, new.color, new.images, new.brand, new.size, new.type, new.size_type, new.department,
      new.cost_cents, new.sku, new.bin, new.bought_on, new.bought_where, new.private_notes,
      new.package_weight_oz, new.package_length_in, new.package_width_in, new.package_height_in,
      new.gtin, new.ebay_product_id, new.measurement_unit, new.pit_to_pit, new.shoulders, new.sleeve,
      new.garment_length, new.waist, new.inseam, new.rise, new.leg_opening)
    is distinct from
     (old.title, old.description, old.price, old.median_used_price, old.asking_price_cents, old.quantity, old.category,
      old.keywords, old.color, old.images, old.brand, old.size, old.type, old.size_type, old.department,
      old.cost_cents, old.sku, old.bin, old.bought_on, old.bought_where, old.private_notes,
      old.package_weight_oz, old.package_length_in, old.package_width_in, old.package_height_in,
      old.gtin, old.ebay_product_id, old.measurement_unit, old.pit_to_pit, old.shoulders, old.sleeve,
      old.garment_length, old.waist, old.inseam, old.rise, old.leg_opening)
  then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end
$$;

-- The seller's books on each listing (issue 32, docs/decisions/0039): what it cost, a SKU, where it sits, where and
-- when it was bought, and notes for the seller only. None of it goes to a marketplace. A SKU is unique per seller (two
-- sellers may both have "A-1"); listings from before get the one Snaplist makes, 'SL-' and the listing's number.
alter table listings
  add column cost_cents integer check (cost_cents >= 0),
  add column sku text,
  add column bin text not null default '',
  add column bought_on date,
  add column bought_where text not null default '',
  add column private_notes text not null default '';

update listings set sku = 'SL-' || id;
alter table listings alter column sku set not null;
-- Also the inventory export's order: it reads the seller's listings a page at a time by SKU.
create unique index listings_user_sku on listings (user_id, sku);

-- A listing created without a SKU gets the one Snaplist makes (an edit to blank is made by the API, which knows the
-- id: contract madeSku). Should the seller have typed that very SKU on another listing, four letters follow it.
create function listings_make_sku() returns trigger language plpgsql as $$
begin
  if new.sku is null or new.sku = '' then
    new.sku := 'SL-' || new.id;
    while exists (select 1 from listings where user_id = new.user_id and sku = new.sku) loop
      new.sku := 'SL-' || new.id || '-' || substr(md5(random()::text), 1, 4);
    end loop;
  end if;
  return new;
end
$$;
create trigger listings_blank_sku before insert on listings
  for each row execute function listings_make_sku();

-- The version counts edits of the new fields too, so an offline edit of a cost made against an older version is a
-- conflict like any other (migration 0013).
create or replace function listings_count_edits() returns trigger language plpgsql as $$
begin
  if (new.title, new.description, new.price, new.median_used_price, new.asking_price_cents, new.quantity, new.category,
      new.keywords, new.color, new.images, new.brand, new.size, new.type, new.size_type, new.department,
      new.cost_cents, new.sku, new.bin, new.bought_on, new.bought_where, new.private_notes)
    is distinct from
     (old.title, old.description, old.price, old.median_used_price, old.asking_price_cents, old.quantity, old.category,
      old.keywords, old.color, old.images, old.brand, old.size, old.type, old.size_type, old.department,
      old.cost_cents, old.sku, old.bin, old.bought_on, old.bought_where, old.private_notes)
  then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end
$$;

-- The sales export reads the seller's sales a page at a time in the order they were made.
create index marketplace_sales_user_sold on marketplace_sales (user_id, sold_at, marketplace, sale_id);

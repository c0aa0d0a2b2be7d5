-- Every listing carries a version, so an edit made against an older one (another phone changed it meanwhile) is
-- refused instead of silently overwriting it (docs/decisions/0016). The version counts changes to what the seller
-- edits, whoever makes them: the edit screen, late AI suggestions, the Post to eBay dialog's price, a sale lowering
-- the quantity. A trigger counts them, so no writer can forget to.
alter table listings add column version integer not null default 1;

create function listings_count_edits() returns trigger language plpgsql as $$
begin
  if (new.title, new.description, new.price, new.median_used_price, new.asking_price_cents, new.quantity, new.category,
      new.keywords, new.color, new.images, new.brand, new.size, new.type, new.size_type, new.department)
    is distinct from
     (old.title, old.description, old.price, old.median_used_price, old.asking_price_cents, old.quantity, old.category,
      old.keywords, old.color, old.images, old.brand, old.size, old.type, old.size_type, old.department)
  then
    new.version := old.version + 1;
  else
    new.version := old.version;
  end if;
  return new;
end
$$;

create trigger listings_count_edits before update on listings for each row execute function listings_count_edits();

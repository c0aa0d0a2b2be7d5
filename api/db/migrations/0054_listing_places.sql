-- One listing, many places (issue 48, docs/decisions/0060): a listing's place on each marketplace, eBay included, in
-- one table, and the Dashboard's status read from the places: Live when live anywhere, not only on eBay.
--
-- This is the first step. The marketplaces' own bookkeeping stays where it is written today (eBay's columns on
-- listings and ebay_revisions, Etsy's listing_marketplaces with its publish stages and leases), and the triggers below
-- write each change into the listing's place in the same statement, so no writer can leave the two apart. Readers of a
-- listing's state (its status, the Dashboard's filters, counts and sort, the API's places) read listing_places.

-- The marketplaces a listing can be placed on; a new one is a row here, not a new table.
create table marketplaces (id text primary key);
insert into marketplaces (id) values ('ebay'), ('etsy');

-- state: 'unlisted' (known there, not for sale), 'publishing' (a publish under way or stopped half way), 'live',
-- 'ended', 'sold_out' (its last piece sold there), 'refused' (the marketplace said no). external_id: the listing's id
-- there. quantity_sent: the pieces the marketplace was last told it has. revision_state: where the seller's last
-- change stands there (null: none sent). details: what only that marketplace has (eBay's offer and SKU, Etsy's stage).
create table listing_places (
  listing_id integer not null references listings (id) on delete cascade,
  marketplace text not null references marketplaces (id),
  external_id text,
  state text not null check (state in ('unlisted', 'publishing', 'live', 'ended', 'sold_out', 'refused')),
  url text,
  quantity_sent integer,
  revision_state text check (revision_state in ('pending', 'done', 'refused', 'waiting')),
  details jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (listing_id, marketplace)
);
create index listing_places_live_idx on listing_places (marketplace, listing_id) where state = 'live';

-- The Dashboard's status becomes a plain column the triggers keep (it was generated from eBay's columns alone).
drop index listings_user_status_created_idx;
alter table listings drop column dashboard_status;
alter table listings add column dashboard_status text not null default 'ready'
  check (dashboard_status in ('ready', 'live', 'sold', 'ended'));

-- eBay's place as the listing's eBay columns and its ebay_revisions row say: a listing has one once eBay gave it a
-- listing id ('ebay-<eBay's id>'). Sold on eBay is sold out there; sold elsewhere, eBay's listing was ended for it.
create function listing_ebay_place_sync(p_listing_id integer) returns void language sql as $$
  delete from listing_places p
  where p.listing_id = p_listing_id and p.marketplace = 'ebay'
    and not exists (select 1 from listings l where l.id = p_listing_id and l.platform_listing_id like 'ebay%');
  insert into listing_places as p (listing_id, marketplace, external_id, state, quantity_sent, revision_state, details)
  select l.id, 'ebay', regexp_replace(l.platform_listing_id, '^ebay-?', ''),
    case l.platform_status when 'active' then 'live' when 'ended' then 'ended'
      when 'sold' then case when coalesce(l.sold_on, 'ebay') = 'ebay' then 'sold_out' else 'ended' end
      else 'unlisted' end,
    r.sent_quantity, case when r.requested > 0 then r.status end,
    jsonb_strip_nulls(jsonb_build_object('offerId', l.ebay_offer_id, 'sku', l.ebay_sku))
  from listings l left join ebay_revisions r on r.listing_id = l.id
  where l.id = p_listing_id and l.platform_listing_id like 'ebay%'
  on conflict (listing_id, marketplace) do update set external_id = excluded.external_id, state = excluded.state,
    quantity_sent = excluded.quantity_sent, revision_state = excluded.revision_state, details = excluded.details,
    updated_at = now()
  where (p.external_id, p.state, p.quantity_sent, p.revision_state, p.details)
    is distinct from (excluded.external_id, excluded.state, excluded.quantity_sent, excluded.revision_state,
      excluded.details);
$$;

-- Etsy's place as listing_marketplaces says: its draft is a publish under way (or stopped half way), 'active' live,
-- 'inactive' ended, 'sold' sold out.
create function listing_etsy_place_sync(p_listing_id integer) returns void language sql as $$
  delete from listing_places p
  where p.listing_id = p_listing_id and p.marketplace = 'etsy'
    and not exists (select 1 from listing_marketplaces m where m.listing_id = p_listing_id and m.marketplace = 'etsy');
  insert into listing_places as p (listing_id, marketplace, external_id, state, url, quantity_sent, revision_state,
    details)
  select m.listing_id, 'etsy', m.external_id,
    case m.status when 'active' then 'live' when 'inactive' then 'ended' when 'sold' then 'sold_out'
      else 'publishing' end,
    m.url, m.quantity_sent, case when m.requested > 0 then m.revision_status end,
    jsonb_build_object('stage', m.stage, 'imagesSent', m.images_sent)
  from listing_marketplaces m
  where m.listing_id = p_listing_id and m.marketplace = 'etsy'
  on conflict (listing_id, marketplace) do update set external_id = excluded.external_id, state = excluded.state,
    url = excluded.url, quantity_sent = excluded.quantity_sent, revision_state = excluded.revision_state,
    details = excluded.details, updated_at = now()
  where (p.external_id, p.state, p.url, p.quantity_sent, p.revision_state, p.details)
    is distinct from (excluded.external_id, excluded.state, excluded.url, excluded.quantity_sent,
      excluded.revision_state, excluded.details);
$$;

-- A listing's status on the Dashboard (api/contract/listing.ts listingStatus): Sold once its last piece sold anywhere
-- (the sale's mark, marketplace-sales.ts), else Live when live anywhere, Ended when ended somewhere, else Ready.
create function listing_status_of(p_listing_id integer, p_platform_status text) returns text language sql stable as $$
  select case when p_platform_status = 'sold' then 'sold'
    when exists (select 1 from listing_places where listing_id = p_listing_id and state = 'live') then 'live'
    when exists (select 1 from listing_places where listing_id = p_listing_id and state = 'ended') then 'ended'
    else 'ready' end
$$;

-- Kept with the row, as before (0033), so the Dashboard's counts and pages read one index: no join per row.
create function listing_status_refresh(p_listing_id integer) returns void language sql as $$
  update listings set dashboard_status = listing_status_of(id, platform_status)
  where id = p_listing_id and dashboard_status is distinct from listing_status_of(id, platform_status);
$$;

create function listings_sync_places() returns trigger language plpgsql as $$
begin
  perform listing_ebay_place_sync(new.id);
  perform listing_status_refresh(new.id);
  return null;
end
$$;

create function ebay_revisions_sync_place() returns trigger language plpgsql as $$
begin
  perform listing_ebay_place_sync(new.listing_id);
  return null;
end
$$;

create function listing_marketplaces_sync_place() returns trigger language plpgsql as $$
begin
  perform listing_etsy_place_sync(case when tg_op = 'DELETE' then old.listing_id else new.listing_id end);
  return null;
end
$$;

create function listing_places_refresh_status() returns trigger language plpgsql as $$
begin
  perform listing_status_refresh(case when tg_op = 'DELETE' then old.listing_id else new.listing_id end);
  return null;
end
$$;

-- Every listing's places as they are today, by the functions the triggers use, then its status from them.
select listing_ebay_place_sync(id) from listings where platform_listing_id like 'ebay%';
select listing_etsy_place_sync(listing_id) from listing_marketplaces;
update listings set dashboard_status = listing_status_of(id, platform_status);

create index listings_user_status_created_idx on listings (user_id, dashboard_status, created_at desc, id desc)
  where deleting_since is null;

create trigger listings_sync_places after insert or update of platform_status, platform_listing_id, sold_on,
  ebay_offer_id, ebay_sku on listings for each row execute function listings_sync_places();
create trigger ebay_revisions_sync_place after insert or update on ebay_revisions
  for each row execute function ebay_revisions_sync_place();
create trigger listing_marketplaces_sync_place after insert or update or delete on listing_marketplaces
  for each row execute function listing_marketplaces_sync_place();
create trigger listing_places_refresh_status after insert or update of state or delete on listing_places
  for each row execute function listing_places_refresh_status();

-- One listing, many places, step 2 (issue 48, docs/decisions/0067): listing_places becomes the one store of a listing's
-- place on eBay. eBay's writers write it (api/db/listing-places.ts); eBay's columns on listings and the ebay_revisions
-- table, which 0054's triggers copied into it, are retired. Etsy's bookkeeping (listing_marketplaces) and its trigger
-- stay as they are for now.

-- The copy from eBay's columns goes first, so nothing below is copied back over what is moved.
drop trigger listings_sync_places on listings;
drop function listings_sync_places();
drop trigger ebay_revisions_sync_place on ebay_revisions;
drop function ebay_revisions_sync_place();

-- The listing's own "every piece sold" mark (a sale anywhere took its last piece), which platform_status = 'sold' was.
alter table listings add column sold_out boolean not null default false;
update listings set sold_out = true where platform_status = 'sold';

-- A listing's status from its places, with the sold mark its own column now (as 0054's and 0059's, otherwise).
create function listing_status_of(p_listing_id integer, p_sold_out boolean) returns text language sql stable as $$
  select case when p_sold_out then 'sold'
    when exists (select 1 from listing_places where listing_id = p_listing_id and state = 'live') then 'live'
    when exists (select 1 from listing_places where listing_id = p_listing_id and state = 'ended') then 'ended'
    else 'ready' end
$$;
create or replace function listing_status_refresh(p_listing_id integer) returns void language sql as $$
  update listings set dashboard_status = listing_status_of(id, sold_out), live_mask = listing_live_mask(id)
  where id = p_listing_id
    and (dashboard_status, live_mask) is distinct from (listing_status_of(id, sold_out), listing_live_mask(id));
$$;
drop function listing_status_of(integer, text);

create function listings_refresh_status() returns trigger language plpgsql as $$
begin
  perform listing_status_refresh(new.id);
  return null;
end
$$;
create trigger listings_refresh_status after insert or update of sold_out on listings
  for each row execute function listings_refresh_status();

-- Bringing a marketplace in step with the listing (an edit, a sale elsewhere), as ebay_revisions did for eBay:
-- revision_requested counts the changes asked for, revision_sent the last one the marketplace has; while
-- revision_sending is set, the change under way went out as far as revision_stage (a job that died half way finishes
-- it). A job holds the place (leased_by, leased_until) while it talks to the marketplace. revision_day and
-- revisions_that_day count the changes sent on the marketplace's current day, against its daily limit. updated_at:
-- when the place last changed, which the sweep of stalled changes reads.
alter table listing_places
  add column revision_requested integer not null default 0,
  add column revision_sent integer not null default 0,
  add column revision_sending integer,
  add column revision_stage text,
  add column revision_message text,
  add column revision_day date,
  add column revisions_that_day integer not null default 0,
  add column leased_by text,
  add column leased_until timestamptz;
create index listing_places_unsent_idx on listing_places (updated_at) where revision_requested > revision_sent;

-- A listing eBay has a SKU or an offer for but no listing id: a publish stopped half way (0054 gave it no place).
insert into listing_places (listing_id, marketplace, state, details)
select l.id, 'ebay', 'publishing', jsonb_strip_nulls(jsonb_build_object('offerId', l.ebay_offer_id, 'sku', l.ebay_sku))
from listings l
where (l.ebay_sku is not null or l.ebay_offer_id is not null
    or exists (select 1 from ebay_revisions r where r.listing_id = l.id))
  and not exists (select 1 from listing_places p where p.listing_id = l.id and p.marketplace = 'ebay');

-- Every eBay place's revisions, as ebay_revisions kept them (its offer, SKU and state are there already, by 0054).
update listing_places p set revision_requested = r.requested, revision_sent = r.sent, revision_sending = r.sending,
  revision_stage = r.stage, revision_state = case when r.requested > 0 then r.status end, revision_message = r.message,
  revision_day = r.revision_day, revisions_that_day = r.revisions_that_day, leased_by = r.leased_by,
  leased_until = r.leased_until, quantity_sent = r.sent_quantity, updated_at = r.updated_at
from ebay_revisions r
where r.listing_id = p.listing_id and p.marketplace = 'ebay';

-- A sale's order line is matched by its SKU, and a word that is a whole SKU finds its listing (0023's and 0033's
-- indexes); an order line without one by the marketplace's item id (0034's).
create index listing_places_lower_sku_idx on listing_places (marketplace, lower(details ->> 'sku'));
create index listing_places_external_idx on listing_places (marketplace, external_id) where external_id is not null;

drop function listing_ebay_place_sync(integer);
drop table ebay_revisions;
alter table listings drop column platform_status, drop column platform_listing_id, drop column ebay_offer_id,
  drop column ebay_sku;

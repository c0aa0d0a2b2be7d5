-- Live on which marketplaces (issue 48 step 6, docs/decisions/0063): the Dashboard filters Live on eBay and Live on
-- Etsy beside Live. Kept with the row beside dashboard_status by the same refresh, and carried in the status index
-- (include), so a filter's pages and counts read that index alone, as the status filters do: no join per row.
alter table listings add column live_on text[] not null default '{}';

-- The marketplaces the listing is live on, in the marketplaces' order (ebay before etsy).
create function listing_live_on(p_listing_id integer) returns text[] language sql stable as $$
  select coalesce(array_agg(marketplace order by marketplace), '{}') from listing_places
  where listing_id = p_listing_id and state = 'live'
$$;

-- As 0054's, and live_on too: a listing live on eBay going live on Etsy as well keeps its status and changes where.
create or replace function listing_status_refresh(p_listing_id integer) returns void language sql as $$
  update listings set dashboard_status = listing_status_of(id, platform_status), live_on = listing_live_on(id)
  where id = p_listing_id
    and (dashboard_status, live_on) is distinct from (listing_status_of(id, platform_status), listing_live_on(id));
$$;

update listings set live_on = listing_live_on(id) where exists (
  select 1 from listing_places where listing_id = listings.id and state = 'live');

drop index listings_user_status_created_idx;
create index listings_user_status_created_idx on listings (user_id, dashboard_status, created_at desc, id desc)
  include (live_on) where deleting_since is null;

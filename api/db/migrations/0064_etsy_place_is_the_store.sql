-- One listing, many places, step 2 for Etsy (issue 48, docs/decisions/0071): listing_places becomes the one store of a
-- listing's place on Etsy, as 0062 made it for eBay. Etsy's writers write it (api/db/listing-etsy-place.ts); its
-- bookkeeping (listing_marketplaces), which 0054's trigger copied into it, is retired.

-- The copy goes first, so nothing below is copied back over what is moved.
drop trigger listing_marketplaces_sync_place on listing_marketplaces;
drop function listing_marketplaces_sync_place();
drop function listing_etsy_place_sync(integer);

-- Every Etsy place as listing_marketplaces kept it (0054's copy made one for each row; a missing one is made here). Its
-- publish's stage, the photos sent, when the stage began and the publish's lease are Etsy's own: the place's details.
-- Its revisions take the revision columns 0062 added, the revision job's lease leased_until, as eBay's do; updated_at
-- is the row's, which the sweep of stalled changes reads.
insert into listing_places as p (listing_id, marketplace, external_id, state, url, quantity_sent, revision_state,
  details, revision_requested, revision_sent, revision_message, leased_until, updated_at)
select m.listing_id, 'etsy', m.external_id,
  case m.status when 'active' then 'live' when 'inactive' then 'ended' when 'sold' then 'sold_out'
    else 'publishing' end,
  m.url, m.quantity_sent, case when m.requested > 0 then m.revision_status end,
  jsonb_strip_nulls(jsonb_build_object('stage', m.stage, 'imagesSent', m.images_sent, 'stageAt', m.stage_at,
    'leaseUntil', m.lease_until)),
  m.requested, m.sent, m.revision_message, m.revision_lease_until, m.updated_at
from listing_marketplaces m
where m.marketplace = 'etsy'
on conflict (listing_id, marketplace) do update set external_id = excluded.external_id, state = excluded.state,
  url = excluded.url, quantity_sent = excluded.quantity_sent, revision_state = excluded.revision_state,
  details = p.details || excluded.details, revision_requested = excluded.revision_requested,
  revision_sent = excluded.revision_sent, revision_message = excluded.revision_message,
  leased_until = excluded.leased_until, updated_at = excluded.updated_at;

drop table listing_marketplaces;

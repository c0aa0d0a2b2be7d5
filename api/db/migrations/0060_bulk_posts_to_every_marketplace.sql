-- A bulk post goes to every marketplace the seller chose (decision 0064): its tables lose eBay's name, and each listing
-- of a request has a row per marketplace, with how it went there. The requests made before were eBay's alone.
alter table ebay_bulk_posts rename to bulk_posts;
alter index ebay_bulk_posts_pkey rename to bulk_posts_pkey;
alter table ebay_bulk_post_items rename to bulk_post_items;
alter index ebay_bulk_post_items_queued_idx rename to bulk_post_items_queued_idx;

alter table bulk_post_items add column marketplace text not null default 'ebay' references marketplaces (id);
alter table bulk_post_items alter column marketplace drop default;
alter table bulk_post_items drop constraint ebay_bulk_post_items_pkey;
alter table bulk_post_items add primary key (bulk_post_id, listing_id, marketplace);

-- A listing still waiting in a request made before has lost its job (the queue was eBay's alone): it is said not
-- sent, so the seller's waiting count frees and the summary says to post it again (eBay's publish is idempotent: one
-- that went up meanwhile is not posted twice).
update bulk_post_items set status = 'refused', code = 'bulk_post_interrupted',
  message = 'Not sent: Snaplist was updated while this listing waited. Post it again.'
where status = 'queued';

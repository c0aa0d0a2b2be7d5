-- The seller's choice of shipping per listing among their eBay shipping (fulfillment) policies (issue 33): each
-- policy's name and whether calculated shipping prices it are kept with the policy ids (a setup cached before this has
-- none and is read from eBay again), and a listing keeps the policy chosen for it (null: the seller's first).
alter table ebay_seller_setup add column shipping_policies jsonb not null default '[]';
alter table listings add column ebay_shipping_policy_id text;

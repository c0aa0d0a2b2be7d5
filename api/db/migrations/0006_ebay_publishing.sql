-- What publishing to eBay remembers, so a seller who is set up costs as few eBay calls as possible and a retried
-- publish finds what the first attempt made instead of making it again.

-- Per seller and eBay account: the business policies and inventory location an offer needs. Stale when the seller
-- connects another eBay account (account_id differs) or eBay refuses one of them (the row is then cleared).
create table ebay_seller_setup (
  user_id integer primary key references users (id) on delete cascade,
  account_id text not null,
  fulfillment_policy_id text,
  payment_policy_id text,
  return_policy_id text,
  merchant_location_key text,
  updated_at timestamptz not null default now()
);

-- eBay's item aspects per leaf category, as the Taxonomy API gives them; shared by every seller, refreshed weekly.
create table ebay_category_aspects (
  category_tree_id text not null,
  category_id text not null,
  aspects jsonb not null,
  fetched_at timestamptz not null default now(),
  primary key (category_tree_id, category_id)
);

alter table listings
  -- 'used' unless the seller says the item is new.
  add column condition text not null default 'used' check (condition in ('new', 'used')),
  -- The leaf category eBay suggested for the title, kept so the dialog and the publish agree and neither asks again.
  add column ebay_category_id text,
  add column ebay_category_name text,
  -- Aspect values the seller typed in the Post to eBay dialog (name → value), on top of brand, size and the rest.
  add column ebay_aspects jsonb not null default '{}',
  -- The offer made for this listing's SKU: a retry updates it instead of creating another.
  add column ebay_offer_id text;

-- Where eBay keeps a copy of a photo uploaded through its Media API (when eBay cannot fetch ours).
alter table images
  add column ebay_picture_url text,
  add column ebay_picture_expires_at timestamptz;

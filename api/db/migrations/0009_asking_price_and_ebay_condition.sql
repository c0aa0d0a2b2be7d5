-- The seller's own price (what eBay receives), and the eBay category condition the seller chose in the Post to eBay
-- dialog, with eBay's per-category list of allowed conditions cached like the aspects.

alter table listings
  -- Dollars and cents as whole cents; null on listings made before there was a price (publishing then falls back to
  -- the median used price, then the retail price).
  add column asking_price_cents integer check (asking_price_cents > 0),
  -- eBay's condition (Inventory API ConditionEnum, e.g. USED_EXCELLENT) when the seller chose one; null means the
  -- one `condition` (used/new) stands for.
  add column ebay_condition text,
  -- eBay's conditionDescription: the seller's words on a used item's condition (eBay ignores it for new ones).
  add column ebay_condition_description text not null default '';

-- eBay's item conditions per leaf category (Metadata API getItemConditionPolicies), shared by every seller,
-- refreshed weekly.
create table ebay_category_conditions (
  marketplace_id text not null,
  category_id text not null,
  conditions jsonb not null,
  fetched_at timestamptz not null default now(),
  primary key (marketplace_id, category_id)
);

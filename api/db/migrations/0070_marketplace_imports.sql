-- A seller's import from a marketplace whose wing reads its listings page by page with a cursor (Shopify's products,
-- docs/decisions/0078): one row per seller and marketplace, the page it is on, what was skipped and why. eBay's import
-- keeps its own table (ebay_imports, its two phases).
create table marketplace_imports (
  user_id integer not null references users (id) on delete cascade,
  marketplace text not null references marketplaces (id),
  status text not null check (status in ('running', 'done', 'failed')),
  -- The marketplace's cursor after the last page done; null at the first page.
  cursor text,
  -- Pages done: an import stops at its bound (the wing's).
  pages integer not null default 0,
  skipped integer not null default 0,
  -- The first few skipped, with why, in the seller's words ("Blue mug: no photo"): at most 20, each at most 200 chars.
  skipped_reasons text[] not null default '{}',
  message text,
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, marketplace)
);

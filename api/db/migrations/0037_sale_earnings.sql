-- What each sale earned (issue 32, docs/decisions/0042): what the buyer paid for shipping, the marketplace's fees and
-- the shipping label bought there, read from the marketplace after the sale and again until it settles (eBay's Sell
-- Finances transactions, Etsy's payment and ledger), or entered by the seller for a sale elsewhere. Until they are
-- read, profit is an estimate whose basis the seller is shown.
alter table marketplace_sales
  -- eBay's line item id, to find this line's fees among its order's (null for sales recorded before, and elsewhere).
  add column line_id text,
  add column shipping_cents integer check (shipping_cents >= 0),
  add column fees_cents integer check (fees_cents >= 0),
  add column label_cents integer check (label_cents >= 0),
  -- estimated: nothing read yet; read: the marketplace's figures, which may still change; settled: final; entered: the seller's.
  add column fees_state text not null default 'estimated'
    check (fees_state in ('estimated', 'read', 'settled', 'entered')),
  -- The marketplace's own fee lines, as [{ "type": "FINAL_VALUE_FEE", "cents": 132 }], for the seller to see what they were.
  add column fee_lines jsonb not null default '[]',
  add column fees_read_at timestamptz;

-- The sales before this: their fees estimated as the app estimates a new sale's (api/contract/sale-earnings.ts,
-- FEE_ESTIMATES on 2026-11-28), so every sale carries the best figure known and the books sum it in SQL.
update marketplace_sales set fees_cents = round(coalesce(unit_price_cents, 0) * quantity * 0.136) + 40
where marketplace = 'ebay';
update marketplace_sales set fees_cents = round(coalesce(unit_price_cents, 0) * quantity * 0.095) + 45
where marketplace = 'etsy';

-- Which template the app sends for each of its emails ('password-reset', 'welcome', …), chosen by an admin. No row
-- for a purpose: the template named after it. A chosen template that is deleted takes its row along, so the email
-- falls back to the one named after the purpose, then to the built-in one.
create table email_template_purposes (
  purpose text primary key,
  template_id integer not null references email_templates (id) on delete cascade,
  updated_at timestamptz not null default now()
);
create index email_template_purposes_template_idx on email_template_purposes (template_id);

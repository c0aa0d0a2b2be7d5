-- Background jobs whose effect has happened (an email handed over), by pg-boss job id: a job retried after its
-- process died between the effect and telling pg-boss finds its row and does not act twice. Kept a day (the
-- retries end within the hour), then purged.
create table finished_jobs (
  job_id uuid primary key,
  finished_at timestamptz not null default now()
);

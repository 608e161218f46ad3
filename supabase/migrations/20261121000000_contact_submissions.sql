-- Contact form submissions. This one file is the schema everywhere: a hosted Supabase
-- project applies it with the Supabase CLI, and the embedded server applies it to PGlite or
-- PostgreSQL at start. It must run on PostgreSQL 15 and on PGlite (PostgreSQL 18).
-- The roles anon, authenticated and service_role exist on Supabase; the embedded server
-- creates them before applying migrations. Safe to apply twice.

create table if not exists public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  company text,
  message text not null,
  -- Server-only bookkeeping: never granted to visitors.
  client_ip text,
  notified_at timestamptz,
  notify_attempts integer not null default 0,
  next_notify_at timestamptz,

  -- The same rules as supabase/functions/_shared/contact-message.ts (lengths in code points;
  -- only ASCII blanks and control characters, so the result never depends on the locale).
  constraint contact_submissions_name_check check (
    char_length(name) <= 200
    and char_length(btrim(name)) >= 1
    and name !~ '[\x01-\x1f\x7f]'
  ),
  constraint contact_submissions_email_check check (
    char_length(email) <= 320
    and email ~ '^[^@ \x01-\x1f\x7f]+@[^@ \x01-\x1f\x7f]+\.[^@ \x01-\x1f\x7f]+$'
    and char_length(split_part(email, '@', 1)) <= 64
  ),
  constraint contact_submissions_company_check check (
    char_length(company) <= 200
    and company !~ '[\x01-\x1f\x7f]'
  ),
  constraint contact_submissions_message_check check (
    char_length(message) <= 5000
    and message ~ '[^ \t\n\v\f\r]'
  )
);

comment on table public.contact_submissions is
  'Messages sent through the site''s contact form. Visitors (anon) may only insert.';

create index if not exists contact_submissions_pending_idx
  on public.contact_submissions (created_at)
  where notified_at is null;

-- The dedupe check looks up recent rows by e-mail on every insert.
create index if not exists contact_submissions_email_idx
  on public.contact_submissions (email, created_at);

-- Visitors may add a row and do nothing else: no reading, changing or deleting, and only
-- the four form columns (so they cannot choose an id, a date or the bookkeeping).
alter table public.contact_submissions enable row level security;

revoke all on table public.contact_submissions from public, anon, authenticated;
grant usage on schema public to anon, authenticated, service_role;
grant insert (name, email, company, message) on table public.contact_submissions to anon;
grant all on table public.contact_submissions to service_role;

drop policy if exists "Visitors can submit a contact message" on public.contact_submissions;
create policy "Visitors can submit a contact message"
  on public.contact_submissions
  for insert
  to anon
  -- A new submission starts unsent; content rules are the CHECK constraints above, which
  -- give visitors a clearer error (23514 → 400) than a policy failure would.
  with check (
    notified_at is null
    and notify_attempts = 0
    and next_notify_at is null
    and created_at > now() - interval '1 minute'
  );

-- Server-only functions (the submission guard, mail bookkeeping): nothing in it is granted to
-- visitors. The guard on every insert is 20261122000200_contact_guard.sql.
create schema if not exists private;
revoke all on schema private from public;

-- Contact form submissions. This one file is the schema everywhere: a hosted Supabase
-- project applies it with the Supabase CLI, and the embedded server applies it to PGlite or
-- PostgreSQL at start. It must run on PostgreSQL 15 and on PGlite (PostgreSQL 18).
-- The roles anon, authenticated and service_role exist on Supabase; the embedded server
-- creates them before applying migrations.

create table public.contact_submissions (
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

create index contact_submissions_pending_idx
  on public.contact_submissions (created_at)
  where notified_at is null;

-- The dedupe check looks up recent rows by e-mail on every insert.
create index contact_submissions_email_idx
  on public.contact_submissions (email, created_at);

create index contact_submissions_client_ip_idx
  on public.contact_submissions (client_ip, created_at);

-- Visitors may add a row and do nothing else: no reading, changing or deleting, and only
-- the four form columns (so they cannot choose an id, a date or the bookkeeping).
alter table public.contact_submissions enable row level security;

revoke all on table public.contact_submissions from public, anon, authenticated;
grant usage on schema public to anon, authenticated, service_role;
grant insert (name, email, company, message) on table public.contact_submissions to anon;
grant all on table public.contact_submissions to service_role;

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

-- Dedupe and flood control live in the database so they hold on every deployment and across
-- any number of server processes. The function runs as its owner to see earlier rows.
create schema if not exists private;
revoke all on schema private from public;

create function private.guard_contact_submission()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  recent integer;
begin
  -- Behind Cloudflare (hosted Supabase) cf-connecting-ip is the trustworthy address; the
  -- embedded server overwrites x-forwarded-for with the socket's address.
  new.client_ip := nullif(btrim(coalesce(
    headers ->> 'cf-connecting-ip',
    split_part(headers ->> 'x-forwarded-for', ',', 1)
  )), '');

  -- Identical submissions are serialised so a double click cannot slip two rows past the check.
  perform pg_advisory_xact_lock(hashtext(new.email));

  -- A double click or a retried request is the same lead: keep the first row, drop this one.
  if exists (
    select 1 from public.contact_submissions s
     where s.created_at > now() - interval '10 seconds'
       and s.name = new.name and s.email = new.email and s.message = new.message
       and s.company is not distinct from new.company
  ) then
    return null;
  end if;

  if new.client_ip is not null then
    select count(*) into recent
      from public.contact_submissions s
     where s.client_ip = new.client_ip
       and s.created_at > now() - interval '10 minutes';
    if recent >= 10 then
      raise exception 'Too many messages from this address. Try again in a few minutes.'
        using errcode = 'PT429', hint = 'Wait a few minutes before sending again.';
    end if;
  end if;

  return new;
end
$$;

revoke all on function private.guard_contact_submission() from public;

create trigger guard_contact_submission
  before insert on public.contact_submissions
  for each row execute function private.guard_contact_submission();

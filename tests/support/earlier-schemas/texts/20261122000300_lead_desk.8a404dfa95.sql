-- The company's side of each lead (issue 11): where it stands, a private note, and a search
-- column; the lead desk's sessions and login throttle; an audit log without personal data;
-- and erasure, export and retention as SQL, so the Node lead desk, `npm run leads` and a hosted
-- Supabase project (Studio's SQL editor, pg_cron) all run the same statements.
-- Nothing here is granted to visitors: anon still may only insert the form's columns.
-- Safe to apply twice.

alter table public.contact_submissions
  -- novo, em_contato, fechado or spam; the lead desk shows them in Portuguese.
  add column if not exists lead_status text not null default 'novo',
  add column if not exists status_changed_at timestamptz,
  -- The company's own words about the lead; erased with it.
  add column if not exists desk_note text;

do $$
begin
  if not exists (
    select 1 from pg_constraint where conname = 'contact_submissions_lead_status_check'
  ) then
    alter table public.contact_submissions
      add constraint contact_submissions_lead_status_check
      check (lead_status in ('novo', 'em_contato', 'fechado', 'spam'));
  end if;
  if not exists (
    select 1 from pg_constraint where conname = 'contact_submissions_desk_note_check'
  ) then
    alter table public.contact_submissions
      add constraint contact_submissions_desk_note_check
      check (char_length(desk_note) <= 5000);
  end if;
end
$$;

-- Lower case without the accents Portuguese (and its neighbours) use, so "joao" finds "João"
-- and "ACAO" finds "ação" whatever the database's locale (lower() alone leaves "Ã" as is under
-- the C locale). translate() is costly per call (about 0.1 ms for a long message in PGlite),
-- which is why its result is stored once per row below instead of computed per search.
create or replace function private.search_fold(value text)
  returns text
  language sql
  immutable
  parallel safe
  set search_path = ''
as $$
  select translate(
    lower(value),
    'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ',
    'aaaaaaeeeeiiiiooooouuuucnyaaaaaaeeeeiiiiooooouuuucnyy'
  )
$$;

-- A visitor's insert computes the column below, so every role may run this pure function;
-- the schema itself stays closed to them.
grant execute on function private.search_fold(text) to public;

-- What the lead desk searches: the four fields a visitor typed, folded. A sequential scan of
-- this one column over 10 000 leads stays within tens of milliseconds (BENCHMARKS.md §8); a
-- trigram index would make searches faster but doubled PGlite's cost per insert, and inserts
-- are the visitors' path.
alter table public.contact_submissions
  add column if not exists search_text text generated always as (
    private.search_fold(
      name || ' ' || email || ' ' || coalesce(company, '') || ' ' || message
    )
  ) stored;

-- The list is newest first; erasure requests name an e-mail in any letter case.
create index if not exists contact_submissions_newest_idx
  on public.contact_submissions (created_at desc, id desc);
create index if not exists contact_submissions_email_lower_idx
  on public.contact_submissions (lower(email));

-- Signed-in lead desk browsers (and `npm run leads` through the server). Kept in the database
-- so several servers on one PostgreSQL share them. Only a SHA-256 of the cookie's token is
-- stored: reading this table does not let anyone sign in.
create table if not exists private.desk_sessions (
  token_hash text primary key,
  -- Sent back with every change (forms, X-CSRF-Token); useless without the cookie.
  csrf_token text not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  -- The absolute end; an idle session ends sooner (server/desk/auth/session-store.ts).
  expires_at timestamptz not null,
  -- The list's search and filters, so search terms never travel in a URL.
  lead_filter jsonb not null default '{}'
);

-- Wrong passwords per client address (IPv4, or an IPv6 /64), for the login throttle. Rows
-- older than a day are deleted by private.desk_housekeeping().
create table if not exists private.desk_login_failures (
  id bigint generated always as identity primary key,
  client_key text not null,
  failed_at timestamptz not null default now()
);

create index if not exists desk_login_failures_key_idx
  on private.desk_login_failures (client_key, failed_at);

-- What was done to leads and when, never to whom: no names, e-mails, ids or addresses, so an
-- erased lead leaves nothing behind here.
create table if not exists private.lead_audit (
  id bigint generated always as identity primary key,
  happened_at timestamptz not null default now(),
  action text not null check (action in ('erase', 'purge', 'export', 'resend')),
  leads integer not null check (leads >= 0),
  via text not null check (via in ('painel', 'comando', 'retencao', 'sql'))
);

-- Days after which leads are deleted (null: kept until erased). The Node server writes
-- LEADS_RETENTION_DAYS here at start; on hosted Supabase, update this row with SQL.
alter table private.contact_settings
  add column if not exists retention_days integer check (retention_days >= 1);

-- Erases leads (a visitor's request under LGPD art. 18): the rows go, with their note, search
-- text and delivery bookkeeping; private.mail_sends keeps only counts. One audit line.
create or replace function private.erase_leads(p_ids uuid[], p_via text default 'sql')
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  erased integer;
begin
  delete from public.contact_submissions where id = any(p_ids);
  get diagnostics erased = row_count;
  if erased > 0 then
    insert into private.lead_audit (action, leads, via) values ('erase', erased, p_via);
  end if;
  return erased;
end
$$;

-- The same for every lead sent from one e-mail address, in any letter case.
create or replace function private.erase_leads_by_email(p_email text, p_via text default 'sql')
  returns integer
  language sql
  set search_path = ''
as $$
  select private.erase_leads(
    array(select id from public.contact_submissions where lower(email) = lower(btrim(p_email))),
    p_via
  );
$$;

-- Deletes leads older than contact_settings.retention_days. A lead whose e-mail has not
-- reached the company yet is kept until it has: retention must never be how a lead is lost.
create or replace function private.purge_expired_leads(p_via text default 'retencao')
  returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  days integer;
  purged integer;
begin
  select retention_days into days from private.contact_settings;
  if days is null then
    return 0;
  end if;
  delete from public.contact_submissions
   where created_at < now() - make_interval(days => days)
     and notified_at is not null;
  get diagnostics purged = row_count;
  if purged > 0 then
    insert into private.lead_audit (action, leads, via) values ('purge', purged, p_via);
  end if;
  return purged;
end
$$;

-- Ended sessions and old login failures; the Node server runs this daily and at each sign-in.
create or replace function private.desk_housekeeping(p_idle_minutes integer default 30)
  returns void
  language sql
  set search_path = ''
as $$
  delete from private.desk_sessions
   where expires_at <= now() or last_seen_at <= now() - make_interval(mins => p_idle_minutes);
  delete from private.desk_login_failures where failed_at <= now() - interval '1 day';
$$;

-- Claims one lead for a notification the operator asked for again. It bypasses the hourly cap
-- (a person chose to send it) but still counts against it, and it is refused ('busy') while
-- another sender holds the lead, so the same e-mail never goes out twice at once. The lead is
-- unsent again until the send succeeds: if it fails, the sweep retries it like any other.
create or replace function private.claim_lead_mail(p_id uuid, p_lease_minutes integer)
  returns setof private.mail_claim
  language plpgsql
  set search_path = ''
as $$
declare
  new_send bigint;
begin
  perform pg_advisory_xact_lock(7242010);
  if not exists (select 1 from public.contact_submissions s where s.id = p_id) then
    return query select 'not_found'::text, null::text, null::bigint, null::uuid,
      null::timestamptz, null::text, null::text, null::text, null::text;
    return;
  end if;
  if exists (
    select 1 from public.contact_submissions s
      join private.mail_sends m on m.id = s.notify_send_id
     where s.id = p_id and s.notified_at is null and m.finished_at is null
       and s.next_notify_at > now()
  ) then
    return query select 'busy'::text, null::text, null::bigint, p_id,
      null::timestamptz, null::text, null::text, null::text, null::text;
    return;
  end if;
  insert into private.mail_sends (kind, leads) values ('single', 1) returning id into new_send;
  return query
    update public.contact_submissions s
       set notified_at = null,
           notified_via = null,
           notify_error = null,
           next_notify_at = now() + make_interval(mins => p_lease_minutes),
           notify_send_id = new_send
     where s.id = p_id
    returning 'claimed'::text, 'single'::text, new_send, s.id, s.created_at, s.name, s.email,
      s.company, s.message;
end
$$;

-- For Studio's SQL editor on hosted Supabase: every lead as the lead desk exports it, dates
-- in Brasília time. `select * from private.leads_export` and download the result.
create or replace view private.leads_export as
  select
    to_char(s.created_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') as data,
    s.name as nome,
    s.email as email,
    s.company as empresa,
    s.message as mensagem,
    case s.lead_status
      when 'em_contato' then 'em contato'
      else s.lead_status
    end as situacao,
    case
      when s.notified_at is not null then 'enviado'
      when s.notify_error is not null then 'falhou'
      else 'pendente'
    end as envio,
    s.notify_error as erro_de_envio,
    s.desk_note as nota,
    s.created_at
  from public.contact_submissions s
  order by s.created_at desc, s.id desc;

revoke all on table private.desk_sessions, private.desk_login_failures, private.lead_audit
  from public;
revoke all on table private.leads_export from public, anon, authenticated;
revoke all on function private.erase_leads(uuid[], text) from public;
revoke all on function private.erase_leads_by_email(text, text) from public;
revoke all on function private.purge_expired_leads(text) from public;
revoke all on function private.desk_housekeeping(integer) from public;
revoke all on function private.claim_lead_mail(uuid, integer) from public;

-- Where pg_cron exists (hosted Supabase), the daily purge runs in the database at 03:17 UTC.
-- Without retention_days it deletes nothing. Elsewhere the Node server runs it on a timer.
do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: no scheduled lead purge (the Node server runs it).';
    return;
  end if;
  begin
    create extension if not exists pg_cron;
  exception when others then
    raise notice 'pg_cron could not be enabled (%): no scheduled lead purge.', sqlerrm;
    return;
  end;
  -- Scheduling under an existing name replaces that job, so applying twice keeps one.
  perform cron.schedule(
    'purge-expired-leads',
    '17 3 * * *',
    'select private.purge_expired_leads()'
  );
end
$$;

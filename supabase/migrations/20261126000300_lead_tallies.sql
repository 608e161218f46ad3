-- The desk overview's lead figures for whole past days, kept so its page does not read every
-- lead of its 12 weeks on each view (decision 036). A day (UTC) is tallied once, the first time
-- the overview needs it after it has ended, in the same groups the overview counts: by
-- quarter-hour, by the two columns a source comes from, and by campaign. Quarter-hours in UTC
-- keep the tallies right whatever the company's time zone, even after it changes.
--
-- A tallied day is forgotten (and tallied again when next needed) whenever one of its leads is
-- erased, changed or added late, or a meeting of one of its leads is added or removed, so the
-- figures always match the rows. A visitor's insert carries no cost: its lead is of today,
-- which is never tallied. Nothing here is visible to anon or authenticated. Safe to apply twice.

create table if not exists private.lead_tally_days (
  day date primary key,
  tallied_at timestamptz not null default now()
);
revoke all on table private.lead_tally_days from public;

create table if not exists private.lead_tallies (
  day date not null references private.lead_tally_days (day) on delete cascade,
  -- Which of the three groups a row is: by time (bucket set), by source (utm_source and
  -- referrer_origin), or by campaign (the two flags false).
  by_time boolean not null,
  by_source boolean not null,
  bucket timestamptz,
  utm_source text,
  referrer_origin text,
  campaign text,
  leads integer not null,
  meetings integer not null
);
create index if not exists lead_tallies_day_idx on private.lead_tallies (day);
revoke all on table private.lead_tallies from public;

-- Taken by whoever tallies and whoever forgets, so a day tallied from rows a concurrent erasure
-- is removing is forgotten once that erasure commits, never kept.
create or replace function private.lock_lead_tallies()
  returns void language sql volatile set search_path = ''
as $$
  select pg_advisory_xact_lock(20261126000300)
$$;
revoke all on function private.lock_lead_tallies() from public;

-- Tallies every ended day from p_from on that is not tallied yet (at most 13 weeks of them),
-- and forgets the days before p_from's week that no window reads any more. A day counts as
-- ended an hour after its last instant, so a lead whose transaction began before midnight
-- and committed after it is never left out.
create or replace function private.tally_lead_days(p_from date)
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  ended_before date := ((now() - interval '1 hour') at time zone 'UTC')::date;
  last_day date := least(ended_before, p_from + 91) - 1;
  tallied integer;
begin
  if not exists (
    select 1 from generate_series(0, last_day - p_from) n
     where not exists (select 1 from private.lead_tally_days t where t.day = p_from + n)
  ) then
    return 0;
  end if;
  perform private.lock_lead_tallies();
  delete from private.lead_tally_days t where t.day < p_from - 7;
  with missing as (
    insert into private.lead_tally_days (day)
    select p_from + n from generate_series(0, last_day - p_from) n
    on conflict do nothing
    returning day
  ),
  span as (
    select (min(day)::timestamp at time zone 'UTC') as starts,
           ((max(day) + 1)::timestamp at time zone 'UTC') as ends
      from missing
  ),
  leads as (
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 1 as lead, 0 as meeting
      from public.contact_submissions s, span
     where s.created_at >= span.starts and s.created_at < span.ends
    union all
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 0, 1
      from public.bookings b
      join public.contact_submissions s on s.id = b.lead_id, span
     where s.created_at >= span.starts and s.created_at < span.ends
  ),
  dated as (
    select (l.created_at at time zone 'UTC')::date as day,
           date_bin('15 minutes', l.created_at, timestamptz '2000-01-03 00:00:00+00') as bucket,
           l.utm_source, l.referrer_origin, l.utm_campaign as campaign, l.lead, l.meeting
      from leads l
  )
  insert into private.lead_tallies (day, by_time, by_source, bucket, utm_source, referrer_origin,
                                    campaign, leads, meetings)
  select d.day, grouping(d.bucket) = 0, grouping(d.utm_source) = 0, d.bucket, d.utm_source,
         d.referrer_origin, d.campaign, sum(d.lead), sum(d.meeting)
    from dated d
   where d.day in (select day from missing)
   group by grouping sets ((d.day, d.bucket), (d.day, d.utm_source, d.referrer_origin),
                          (d.day, d.campaign));
  get diagnostics tallied = row_count;
  return tallied;
end
$$;
revoke all on function private.tally_lead_days(date) from public;

create or replace function private.forget_lead_tallies(p_instants timestamptz[])
  returns void language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce(cardinality(p_instants), 0) = 0 then
    return;
  end if;
  -- The lock even with nothing tallied yet: a first tally may be under way unseen.
  perform private.lock_lead_tallies();
  delete from private.lead_tally_days t
   where t.day in (select (i at time zone 'UTC')::date from unnest(p_instants) i);
end
$$;
revoke all on function private.forget_lead_tallies(timestamptz[]) from public;

-- Erasure, retention and the desk delete leads by the thousand: one call per statement.
create or replace function private.forget_tallies_of_erased_leads()
  returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform private.forget_lead_tallies(array(select distinct g.created_at from gone g));
  return null;
end
$$;
revoke all on function private.forget_tallies_of_erased_leads() from public;

drop trigger if exists forget_tallies_of_erased_leads on public.contact_submissions;
create trigger forget_tallies_of_erased_leads
  after delete on public.contact_submissions
  referencing old table as gone
  for each statement execute function private.forget_tallies_of_erased_leads();

create or replace function private.forget_tallies_of_changed_lead()
  returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.forget_lead_tallies(array[new.created_at]);
  else
    perform private.forget_lead_tallies(array[old.created_at, new.created_at]);
  end if;
  return null;
end
$$;
revoke all on function private.forget_tallies_of_changed_lead() from public;

-- A lead stored with a past date (a restore, an import): the WHEN keeps a visitor's insert,
-- dated now, from calling anything.
drop trigger if exists forget_tallies_of_late_lead on public.contact_submissions;
create trigger forget_tallies_of_late_lead
  after insert on public.contact_submissions
  for each row when (new.created_at < now() - interval '1 hour')
  execute function private.forget_tallies_of_changed_lead();

drop trigger if exists forget_tallies_of_changed_lead on public.contact_submissions;
create trigger forget_tallies_of_changed_lead
  after update of created_at, utm_source, referrer_origin, utm_campaign
  on public.contact_submissions
  for each row when (
    old.created_at is distinct from new.created_at
    or old.utm_source is distinct from new.utm_source
    or old.referrer_origin is distinct from new.referrer_origin
    or old.utm_campaign is distinct from new.utm_campaign)
  execute function private.forget_tallies_of_changed_lead();

-- These fire in session_replication_role = replica too (an import, a test's seeding), which
-- turns ordinary triggers off: a tally must never outlive the rows it counts.
alter table public.contact_submissions enable always trigger forget_tallies_of_erased_leads;
alter table public.contact_submissions enable always trigger forget_tallies_of_late_lead;
alter table public.contact_submissions enable always trigger forget_tallies_of_changed_lead;

-- A meeting counts in its lead's day: adding or removing one changes that day.
create or replace function private.forget_tallies_of_meeting()
  returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform private.forget_lead_tallies(array(
    select s.created_at from public.contact_submissions s
     where s.id in (new.lead_id, old.lead_id) and s.created_at < now() - interval '1 hour'));
  return null;
end
$$;
revoke all on function private.forget_tallies_of_meeting() from public;

drop trigger if exists forget_tallies_of_meeting on public.bookings;
create trigger forget_tallies_of_meeting
  after insert or delete or update of lead_id on public.bookings
  for each row execute function private.forget_tallies_of_meeting();
alter table public.bookings enable always trigger forget_tallies_of_meeting;

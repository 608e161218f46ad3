-- Free consultations booked on the site (issue 19): the agenda's rules, the bookings, the
-- days the company closes, its busy times, and the outbox of booking e-mails. The rules live in
-- the database so that one meeting per slot holds on PGlite, on PostgreSQL behind any number of
-- Node servers and behind PostgREST on hosted Supabase. Visitors (anon) get nothing on these
-- tables: they use the functions of 20261125000200_booking_calls.sql. docs/booking.md describes
-- the whole; decision 026 says why. Safe to apply twice.

-- Whether this PostgreSQL knows the IANA time zone name (its own tz database decides).
create or replace function private.is_time_zone(value text)
  returns boolean language plpgsql stable set search_path = ''
as $$
begin
  if value is null or value !~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$' then
    return false;
  end if;
  perform now() at time zone value;
  return true;
exception when others then
  return false;
end
$$;
revoke all on function private.is_time_zone(text) from public;

-- One row. The first five columns are the company's facts (officeHours and consultationMinutes
-- in supabase/functions/_shared/company.ts); the others are the operator's choices. The Node
-- server writes both at start; on hosted Supabase `npm run booking -- settings-sql` prints the
-- update. These defaults are the same values (server/booking/booking-settings.ts; a test holds
-- them together).
create table if not exists private.booking_settings (
  id boolean primary key default true check (id),
  time_zone text not null default 'America/Sao_Paulo' check (private.is_time_zone(time_zone)),
  -- ISO weekdays: 1 is Monday, 7 is Sunday.
  weekdays integer[] not null default '{1,2,3,4,5}'
    check (cardinality(weekdays) between 1 and 7 and weekdays <@ '{1,2,3,4,5,6,7}'),
  opens time not null default '09:00',
  closes time not null default '18:00',
  slot_minutes integer not null default 30 check (slot_minutes between 5 and 240),
  -- The earliest a meeting can be booked, in hours from now.
  min_notice_hours integer not null default 4 check (min_notice_hours between 0 and 720),
  -- The last bookable day is today plus this many days (in the company's time zone).
  horizon_days integer not null default 21 check (horizon_days between 1 and 366),
  -- Minutes kept free after each meeting (and so before the next one).
  buffer_minutes integer not null default 15 check (buffer_minutes between 0 and 240),
  max_per_day integer not null default 4 check (max_per_day between 1 and 100),
  -- Bookings one address (an IPv6 /64) may make in 24 hours, and every unknown address together.
  per_address_per_day integer not null default 3 check (per_address_per_day >= 1),
  unknown_addresses_per_day integer not null default 12 check (unknown_addresses_per_day >= 1),
  -- Carnaval: Monday and Tuesday, and Ash Wednesday until 14h. Both are federal optional days.
  close_on_carnaval boolean not null default true,
  close_on_corpus_christi boolean not null default true,
  -- One fixed video room for every meeting; null gives each booking its own Jitsi Meet room.
  meeting_url text check (meeting_url ~ '^https://[^\s]+$' and char_length(meeting_url) <= 500),
  constraint booking_settings_hours_check check (
    closes > opens and extract(epoch from closes - opens) >= slot_minutes * 60
  )
);
insert into private.booking_settings default values on conflict (id) do nothing;
revoke all on table private.booking_settings from public;

-- Each booking is a lead too (a row in contact_submissions, 1:1): the lead desk finds, exports
-- and erases it with the others, and erasing the lead erases the booking and its messages.
create table if not exists public.bookings (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null unique references public.contact_submissions (id) on delete cascade,
  -- UTC instants; the company's local times are computed with its IANA time zone.
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- ends_at plus the buffer between meetings when it was booked: the time the meeting holds.
  blocked_until timestamptz not null,
  name text not null check (char_length(name) <= 200),
  email text not null check (char_length(email) <= 254),
  company text check (char_length(company) <= 200),
  -- What the visitor wants to talk about.
  note text not null check (char_length(note) <= 1000),
  -- The visitor's IANA time zone, for the times in their e-mails.
  time_zone text not null check (char_length(time_zone) <= 64),
  -- confirmed; held (the company keeps the slot, e.g. booked by phone); no_show (afterwards);
  -- cancelled. Only cancelled frees the slot.
  status text not null default 'confirmed'
    check (status in ('confirmed', 'held', 'no_show', 'cancelled')),
  cancelled_at timestamptz,
  cancelled_by text check (cancelled_by in ('visitor', 'company')),
  cancel_message text check (char_length(cancel_message) <= 1000),
  -- iCalendar SEQUENCE: raised by every change the visitor's calendar must see.
  sequence integer not null default 0 check (sequence >= 0),
  meeting_url text not null,
  -- SHA-256 (hex) of the manage link's token; the token itself is shown once and never stored.
  manage_token_hash text not null unique,
  client_ip text,
  client_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_times_check check (starts_at < ends_at and ends_at <= blocked_until),
  constraint bookings_cancelled_check check ((status = 'cancelled') = (cancelled_at is not null)),
  -- One meeting per slot, whatever any caller does: two live bookings whose times (buffer
  -- included) overlap cannot both commit; the second waits for the first and then fails.
  constraint bookings_one_meeting_per_slot
    exclude using gist (tstzrange(starts_at, blocked_until) with &&)
    where (status <> 'cancelled')
);

comment on table public.bookings is
  'Consultations booked on the site. Visitors (anon) reach them only through the booking functions.';

create index if not exists bookings_starts_idx on public.bookings (starts_at)
  where status <> 'cancelled';
create index if not exists bookings_email_idx on public.bookings (lower(email));
create index if not exists bookings_client_created_idx on public.bookings (client_key, created_at);

alter table public.bookings enable row level security;
revoke all on table public.bookings from public, anon, authenticated;
grant all on table public.bookings to service_role;

-- Days the company closes beyond the national holidays (a city's or state's holidays, a
-- vacation); the desk writes them.
create table if not exists private.booking_closed_days (
  day date primary key,
  reason text check (char_length(reason) <= 200)
);
revoke all on table private.booking_closed_days from public;

-- Times the company's own calendar is busy, imported from its iCalendar feed. Only the times:
-- an event's title may name another client.
create table if not exists private.busy_times (
  id bigint generated always as identity primary key,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- The feed event's UID (with its recurrence instant), for the importer's updates.
  source_uid text,
  imported_at timestamptz not null default now(),
  constraint busy_times_times_check check (starts_at < ends_at)
);
create index if not exists busy_times_range_idx
  on private.busy_times using gist (tstzrange(starts_at, ends_at));
revoke all on table private.busy_times from public;

-- How the last import of the feed went. One row.
create table if not exists private.busy_feed_status (
  id boolean primary key default true check (id),
  last_success_at timestamptz,
  last_error_at timestamptz,
  last_error text,
  events integer
);
insert into private.busy_feed_status default values on conflict (id) do nothing;
revoke all on table private.busy_feed_status from public;

-- Booking e-mails to send, written in the same transaction as the change that causes them.
-- The sender claims due rows with `for update skip locked` and a lease (claimed_until), renders
-- the booking as it is now with this row's sequence, and sets sent_at, or failed_at, last_error
-- and a later due_at.
create table if not exists private.booking_messages (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  kind text not null check (kind in ('confirmation', 'reminder', 'update', 'cancellation')),
  recipient text not null check (recipient in ('visitor', 'company')),
  sequence integer not null,
  created_at timestamptz not null default now(),
  due_at timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
create index if not exists booking_messages_due_idx on private.booking_messages (due_at)
  where sent_at is null;
create index if not exists booking_messages_booking_idx on private.booking_messages (booking_id);
revoke all on table private.booking_messages from public;

-- A booking's lead is marked notified_via = 'booking': the booking's own e-mail to the company
-- is its notification, so the lead e-mail never goes out for it. Dropped and added again so
-- applying twice keeps one.
alter table public.contact_submissions
  drop constraint if exists contact_submissions_notified_via_check,
  add constraint contact_submissions_notified_via_check
    check (notified_via in ('single', 'digest', 'booking'));

-- The contact guard (20261122000200_contact_guard.sql) is for the form's rows: a booking's lead
-- was checked, limited and screened for bots by its booking function, and must not be merged as
-- a double click or counted twice against the form's flood limits. Visitors cannot set
-- notified_via (it is not among anon's insert columns), so only the booking function skips it.
drop trigger if exists guard_contact_submission on public.contact_submissions;
create trigger guard_contact_submission
  before insert on public.contact_submissions
  for each row
  when (new.notified_via is distinct from 'booking')
  execute function private.guard_contact_submission();

-- Retention (20261122000300_lead_desk.sql) counts a booking's lead from its meeting, not from
-- the day it was booked: a short retention must never delete a meeting still to come.
create or replace function private.purge_expired_leads(p_via text default 'retencao')
  returns integer language sql set search_path = ''
as $$
  with purged as (
    delete from public.contact_submissions s
     using private.contact_settings c
     where s.created_at < now() - make_interval(days => c.retention_days)
       and s.notified_at is not null
       and not exists (
         select 1 from public.bookings b
          where b.lead_id = s.id
            and b.ends_at > now() - make_interval(days => c.retention_days)
       )
    returning 1
  )
  select private.audit_removal('purge', (select count(*)::integer from purged), p_via);
$$;
revoke all on function private.purge_expired_leads(text) from public;

-- The company's side of the agenda (issue 19): what the lead desk's Agenda pages call, and what
-- a hosted-Supabase user runs in Studio for the same tasks (docs/leads-on-supabase.md): the
-- outcome of a meeting, closing a day (with its meetings, deliberately), and the private
-- calendar feed's token. Cancelling and freeing junk are the foundation's
-- (20261125000200_booking_calls.sql). Nothing here is callable by visitors. Decision 030 says
-- why. Safe to apply twice.

-- After a meeting's time: it was held, or the visitor did not come. A cancelled meeting has no
-- outcome, and one still to come has none yet. Either outcome may replace the other (a slip of
-- the finger); neither frees the slot, and a held or no-show meeting can no longer be moved or
-- cancelled by the visitor (private.booking_to_change accepts only confirmed ones).
-- Answers 'saved', 'not_found', 'cancelled' or 'not_started'.
create or replace function private.set_booking_outcome(p_id uuid, p_outcome text)
  returns text language plpgsql set search_path = ''
as $$
declare
  booking public.bookings;
begin
  if p_outcome is null or p_outcome not in ('held', 'no_show') then
    raise exception 'The outcome is held or no_show.' using errcode = '22023';
  end if;
  select * into booking from public.bookings b where b.id = p_id for update;
  if not found then
    return 'not_found';
  end if;
  if booking.status = 'cancelled' then
    return 'cancelled';
  end if;
  if booking.starts_at > now() then
    return 'not_started';
  end if;
  update public.bookings b
     set status = p_outcome,
         updated_at = case when b.status = p_outcome then b.updated_at else now() end
   where b.id = p_id;
  return 'saved';
end
$$;
revoke all on function private.set_booking_outcome(uuid, text) from public;

-- Closes one day of the company's calendar (private.booking_closed_days): from the commit on,
-- the free times offer nothing that day. A day that still has meetings to come is not closed
-- unless p_cancel_meetings says to cancel them too, each with a cancellation to the visitor
-- and the company (p_message, optional, goes to the visitors); otherwise nothing changes and
-- the answer lists them. The day's booking lock is taken first, so a booking in flight either
-- committed before (and is listed) or sees the day closed. Closing a closed day again changes
-- its reason. Answers {"closed": bool, "cancelled": n, "meetings": [{id, starts_at, name}]}.
create or replace function private.close_booking_day(
  p_day date,
  p_reason text default null,
  p_cancel_meetings boolean default false,
  p_message text default null
)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  settings private.booking_settings;
  meetings jsonb;
  meeting record;
  cancelled integer := 0;
begin
  select * into settings from private.booking_settings;
  if p_day is null or p_day < (now() at time zone settings.time_zone)::date then
    raise exception 'The day has passed: close today or a later day.' using errcode = '22023';
  end if;
  perform private.lock_booking_day((p_day + time '12:00') at time zone settings.time_zone);
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', b.id, 'starts_at', private.utc_text(b.starts_at), 'name', b.name)
      order by b.starts_at), '[]'::jsonb)
    into meetings
    from public.bookings b
   where b.status in ('confirmed', 'held')
     and b.starts_at > now()
     and b.starts_at >= p_day::timestamp at time zone settings.time_zone
     and b.starts_at < (p_day + 1)::timestamp at time zone settings.time_zone;
  if jsonb_array_length(meetings) > 0 and not coalesce(p_cancel_meetings, false) then
    return jsonb_build_object('closed', false, 'cancelled', 0, 'meetings', meetings);
  end if;
  insert into private.booking_closed_days (day, reason)
  values (p_day, nullif(btrim(p_reason), ''))
  on conflict (day) do update set reason = excluded.reason;
  for meeting in
    select value ->> 'id' as id from jsonb_array_elements(meetings)
  loop
    perform private.cancel_booking(meeting.id::uuid, 'company', p_message, true, now());
    cancelled := cancelled + 1;
  end loop;
  return jsonb_build_object('closed', true, 'cancelled', cancelled, 'meetings', meetings);
end
$$;
revoke all on function private.close_booking_day(date, text, boolean, text) from public;

-- The private calendar feed of the bookings (GET /painel/agenda.ics?chave=… on the Node
-- server, the bookings-feed Edge Function on hosted Supabase): one token at a time, stored as
-- its SHA-256 only. A new token replaces the old one, whose URL stops working at once.
create table if not exists private.booking_feed_token (
  id boolean primary key default true check (id),
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
revoke all on table private.booking_feed_token from public;

-- Makes the feed's token (64 hex characters: 244 random bits from two gen_random_uuid(), as
-- the manage links' tokens) and returns it: the only time it can be seen.
create or replace function private.new_booking_feed_token()
  returns text language plpgsql volatile set search_path = ''
as $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  insert into private.booking_feed_token (id, token_hash, created_at)
  values (true, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now())
  on conflict (id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at;
  return token;
end
$$;
revoke all on function private.new_booking_feed_token() from public;

-- What the feed holds: every meeting not cancelled from p_past_days ago on (the horizon is as
-- far as anything is booked), oldest first. A cancelled meeting is left out, so a subscribed
-- calendar drops it at its next refresh; an erased lead's booking is gone with it.
create or replace function private.booking_feed_events(p_past_days integer default 30)
  returns table (
    id uuid,
    status text,
    starts_at timestamptz,
    ends_at timestamptz,
    name text,
    email text,
    company text,
    note text,
    meeting_url text,
    sequence integer,
    updated_at timestamptz
  )
  language sql stable set search_path = ''
as $$
  select b.id, b.status, b.starts_at, b.ends_at, b.name, b.email, b.company, b.note,
         b.meeting_url, b.sequence, b.updated_at
    from public.bookings b
   where b.status <> 'cancelled'
     and b.starts_at >= now() - make_interval(days => greatest(p_past_days, 0))
   order by b.starts_at, b.id
$$;
revoke all on function private.booking_feed_events(integer) from public;

-- When a consultation can be booked: the company's weekdays and hours in its time zone, minus
-- Brazil's national holidays (computed for any year), Carnaval and Corpus Christi when the
-- settings close them, the days the company closes, the minimum notice, the horizon, the days
-- already at their maximum, and every time a live booking or the company's calendar holds.
-- One function, private.free_slots, answers both the free-times call and the booking's own
-- check, so the page never offers a time the booking would refuse. Safe to apply twice.

-- Easter Sunday in the Gregorian calendar (the anonymous algorithm of Meeus, Jones and Butcher):
-- PostgreSQL has none built in.
create or replace function private.easter_sunday(p_year integer)
  returns date language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  a integer := p_year % 19;
  b integer := p_year / 100;
  c integer := p_year % 100;
  d integer := b / 4;
  e integer := b % 4;
  f integer := (b + 8) / 25;
  g integer := (b - f + 1) / 3;
  h integer := (19 * a + b - d - g + 15) % 30;
  i integer := c / 4;
  k integer := c % 4;
  l integer := (32 + 2 * e + 2 * i - h - k) % 7;
  m integer := (a + 11 * h + 22 * l) / 451;
begin
  return make_date(p_year, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
end
$$;
revoke all on function private.easter_sunday(integer) from public;

-- Brazil's national holidays of a year, and the federal optional days most companies close on.
-- closure: 'national' (always closed), 'carnaval' or 'corpus_christi' (closed when
-- booking_settings says so). closed_until: null for the whole day, else the local time the
-- company opens (Ash Wednesday, 14h).
create or replace function private.brazil_holidays(p_year integer)
  returns table (day date, name text, closure text, closed_until time)
  language sql immutable parallel safe set search_path = '' rows 15
as $$
  select make_date(p_year, f.month, f.day_of_month), f.name, 'national', null::time
    from (values
      (1, 1, 'Confraternização Universal'),
      (4, 21, 'Tiradentes'),
      (5, 1, 'Dia do Trabalho'),
      (9, 7, 'Independência do Brasil'),
      (10, 12, 'Nossa Senhora Aparecida'),
      (11, 2, 'Finados'),
      (11, 15, 'Proclamação da República'),
      (12, 25, 'Natal')
    ) as f (month, day_of_month, name)
  union all
  -- National since Lei 14.759/2023, first observed in 2024.
  select make_date(p_year, 11, 20), 'Dia Nacional de Zumbi e da Consciência Negra', 'national', null
   where p_year >= 2024
  union all
  select e.sunday + m.offset_days, m.name, m.closure, m.closed_until
    from (select private.easter_sunday(p_year) as sunday) e,
    (values
      (-2, 'Sexta-feira da Paixão', 'national', null::time),
      (-48, 'Carnaval (segunda-feira)', 'carnaval', null),
      (-47, 'Carnaval (terça-feira)', 'carnaval', null),
      (-46, 'Quarta-feira de Cinzas (até as 14h)', 'carnaval', time '14:00'),
      (60, 'Corpus Christi', 'corpus_christi', null)
    ) as m (offset_days, name, closure, closed_until)
$$;
revoke all on function private.brazil_holidays(integer) from public;

-- The free slots from p_from to p_until (null: from now, through the horizon), as UTC instants,
-- seen at p_now (the callers pass now(); tests pass any instant). A slot is free when it is on
-- the grid (slot_minutes from opening time, the last one ending at closing time) of an open
-- day, at least min_notice_hours ahead, on or before the horizon's last day, its day is not at
-- max_per_day, and neither a live booking nor a busy time is within buffer_minutes of it (the
-- exclusion constraint on public.bookings holds the same buffer). p_ignore_booking leaves one
-- booking out (a reschedule moving it); p_count_bookings = false leaves every booking out, to
-- tell a slot someone took from one that was never free.
create or replace function private.free_slots(
  p_now timestamptz,
  p_from timestamptz default null,
  p_until timestamptz default null,
  p_ignore_booking uuid default null,
  p_count_bookings boolean default true
)
  returns table (starts_at timestamptz, ends_at timestamptz)
  -- PL/pgSQL keeps the query's plan from call to call (a SQL function is planned again at
  -- every call before PostgreSQL 18: twice the cost of running it). A few hundred rows:
  -- compiling the query (jit, on by default in PostgreSQL 15) would cost far more than that.
  language plpgsql stable
  set jit = off
  set search_path = ''
  rows 400
as $$
#variable_conflict use_column
begin
  return query
  with settings as (
    select s.*,
      make_interval(mins => s.slot_minutes) as slot,
      make_interval(mins => s.buffer_minutes) as buffer,
      greatest(coalesce(p_from, p_now), p_now + make_interval(hours => s.min_notice_hours))
        as earliest,
      least(coalesce(p_until, 'infinity'::timestamptz),
        ((p_now at time zone s.time_zone)::date + s.horizon_days + 1)::timestamp
          at time zone s.time_zone) as until
      -- One row; saying so keeps the planner's estimates (and PostgreSQL's JIT) out of it.
      from private.booking_settings s
     limit 1
  ),
  span as (
    -- A window that ends before it starts (a slot in the past) is empty, not an error.
    select s.*, greatest(s.until, s.earliest) as latest,
      (s.earliest at time zone s.time_zone)::date as first_day,
      (greatest(s.until, s.earliest) at time zone s.time_zone)::date as last_day
      from settings s
  ),
  holidays as (
    select h.day, h.closed_until
      from span s,
      generate_series(extract(year from s.first_day)::integer,
        extract(year from greatest(s.first_day, s.last_day))::integer) as y (year),
      private.brazil_holidays(y.year) h
     where h.closure = 'national'
        or (h.closure = 'carnaval' and s.close_on_carnaval)
        or (h.closure = 'corpus_christi' and s.close_on_corpus_christi)
  ),
  open_days as (
    -- Days as whole numbers from the first: a date series would run through the session's
    -- time zone, not the company's.
    select s.first_day + n as day, max(h.closed_until) as opens_after
      from span s
      cross join generate_series(0, s.last_day - s.first_day) as g (n)
      left join holidays h on h.day = s.first_day + n
     where extract(isodow from s.first_day + n)::integer = any (s.weekdays)
       and not exists (
         select 1 from private.booking_closed_days c where c.day = s.first_day + n
       )
     group by 1
    having bool_and(h.day is null or h.closed_until is not null)
  ),
  slots as materialized (
    select o.day, o.opens_after, local_start,
      local_start at time zone s.time_zone as starts_at
      from open_days o, span s,
      generate_series(0,
        (extract(epoch from s.closes - s.opens)::integer / 60 - s.slot_minutes) / s.slot_minutes)
        as g (n),
      lateral (select (o.day + s.opens) + g.n * s.slot as local_start) l
  ),
  full_days as (
    select (b.starts_at at time zone s.time_zone)::date as day
      from public.bookings b, span s
     where p_count_bookings
       and b.status <> 'cancelled'
       and b.id is distinct from p_ignore_booking
       and b.starts_at >= s.first_day::timestamp at time zone s.time_zone
       and b.starts_at < (s.last_day + 1)::timestamp at time zone s.time_zone
     group by 1, s.max_per_day
    having count(*) >= s.max_per_day
  ),
  held as (
    -- Everything a slot must keep clear of, as one multirange: a booking's own range already
    -- carries its buffer; a busy time gets the buffer after it, and the slot's range below
    -- carries the buffer after the slot.
    select coalesce(range_agg(r.times), '{}'::tstzmultirange) as times
      from (
        select tstzrange(b.starts_at, b.blocked_until) as times
          from public.bookings b, span s
         where p_count_bookings
           and b.status <> 'cancelled'
           and b.id is distinct from p_ignore_booking
           and tstzrange(b.starts_at, b.blocked_until) && tstzrange(s.earliest, s.latest + s.buffer)
        union all
        select tstzrange(t.starts_at, t.ends_at + s.buffer)
          from private.busy_times t, span s
         where tstzrange(t.starts_at, t.ends_at)
            && tstzrange(s.earliest - s.buffer, s.latest + s.buffer)
      ) r
  )
  select sl.starts_at, sl.starts_at + s.slot
    from slots sl, span s, held
   where sl.starts_at >= s.earliest
     and sl.starts_at + s.slot <= s.latest
     and (sl.opens_after is null or sl.local_start::time >= sl.opens_after)
     and not (held.times && tstzrange(sl.starts_at, sl.starts_at + s.slot + s.buffer))
     and sl.day not in (select f.day from full_days f)
   order by sl.starts_at;
end
$$;
revoke all on function private.free_slots(timestamptz, timestamptz, timestamptz, uuid, boolean)
  from public;

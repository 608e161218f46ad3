-- The reply promise counts the company's working hours (decision 070). The page promises an
-- answer within promise_hours and the alert comes alert_after_hours after a lead arrived, both
-- counted until now on the wall clock: with office hours Monday to Thursday 10h to 16h and a
-- 24/20-hour promise, a lead sent on Thursday at 15h raised its alert on Friday at 11h, when the
-- office is closed, and was late on Friday at 15h, before anyone could have read it. Now the
-- clock runs only while the office is open: private.booking_settings' days and hours in its
-- time zone, less the national holidays the agenda closes on (with Carnaval and Ash Wednesday
-- until 14h, Corpus Christi, as the agenda's flags say) and the company's closed days
-- (private.booking_closed_days, where state and city holidays go); a lead that arrives while
-- the office is closed starts counting at its next opening. private.reply_settings.reply_clock
-- 'clock' keeps the wall clock, for a company that answers around the clock (REPLY_CLOCK on the
-- Node server). The same clock is used wherever the promise is measured: the alert's watch,
-- the desk's deadlines and late leads, the overview's tallies and the weekly summary.
-- Safe to apply twice.

alter table private.reply_settings
  add column if not exists reply_clock text not null default 'business'
    check (reply_clock in ('business', 'clock'));

-- The office's open hours of each day from p_from to p_until (the company's dates), in order:
-- a working day (private.booking_settings.weekdays) that is neither a closed day nor a holiday
-- the agenda closes on opens at `opens` and closes at `closes` in the company's time zone; a
-- holiday that closes only until a time (Ash Wednesday until 14h) opens the day at that time.
-- The days and hours private.free_slots offers times in (20261128010100_booking_holds.sql),
-- walked day by day: a query of the same rules took ten times as long on each deadline.
create or replace function private.office_hours(p_from date, p_until date)
  returns table (day date, opens_at timestamptz, closes_at timestamptz)
  language plpgsql stable set search_path = ''
as $$
declare
  settings private.booking_settings;
  closed date[];
  holiday_days date[];
  holiday_until time[];
  this_day date := p_from;
  opens time;
  i integer;
begin
  select * into settings from private.booking_settings limit 1;
  closed := array(select c.day from private.booking_closed_days c
                   where c.day between p_from and p_until);
  select coalesce(array_agg(h.day), '{}'), coalesce(array_agg(h.closed_until), '{}')
    into holiday_days, holiday_until
    from generate_series(extract(year from p_from)::integer,
                         extract(year from greatest(p_from, p_until))::integer) as y (year),
         private.brazil_holidays(y.year) h
   where h.day between p_from and p_until
     and (h.closure = 'national'
          or (h.closure = 'carnaval' and settings.close_on_carnaval)
          or (h.closure = 'corpus_christi' and settings.close_on_corpus_christi));
  while this_day <= p_until loop
    if extract(isodow from this_day)::integer = any (settings.weekdays)
       and not this_day = any (closed) then
      opens := settings.opens;
      for i in 1 .. cardinality(holiday_days) loop
        if holiday_days[i] = this_day then
          -- Closed all day, or until a time: every holiday of the day must let it open.
          opens := greatest(opens, coalesce(holiday_until[i], time '24:00'));
        end if;
      end loop;
      if opens < settings.closes then
        day := this_day;
        opens_at := (this_day + opens) at time zone settings.time_zone;
        closes_at := (this_day + settings.closes) at time zone settings.time_zone;
        return next;
      end if;
    end if;
    this_day := this_day + 1;
  end loop;
end
$$;
revoke all on function private.office_hours(date, date) from public;

-- When p_hours of the reply clock have run from p_start: on the wall clock, p_start plus the
-- hours; in working hours, the hours counted only while the office is open, from p_start or the
-- next opening. The office's days are read two weeks at a time, for a year at most: an office
-- open fewer hours in a year than p_hours (no promise goes past 168) answers a year on.
create or replace function private.reply_deadline(p_start timestamptz, p_hours numeric)
  returns timestamptz language plpgsql stable set search_path = ''
as $$
declare
  left_seconds numeric := p_hours * 3600;
  first_day date;
  from_day date;
  span record;
  counted_from timestamptz;
begin
  if p_start is null or p_hours is null then
    return null;
  end if;
  if p_hours <= 0 or (select r.reply_clock from private.reply_settings r) is distinct from 'business'
  then
    return p_start + make_interval(secs => left_seconds);
  end if;
  first_day := (select (p_start at time zone b.time_zone)::date from private.booking_settings b);
  from_day := first_day;
  while from_day <= first_day + 366 loop
    for span in select * from private.office_hours(from_day, from_day + 13) o order by o.day loop
      counted_from := greatest(p_start, span.opens_at);
      if counted_from < span.closes_at then
        if extract(epoch from span.closes_at - counted_from) >= left_seconds then
          return counted_from + make_interval(secs => left_seconds);
        end if;
        left_seconds := left_seconds - extract(epoch from span.closes_at - counted_from);
      end if;
    end loop;
    from_day := from_day + 14;
  end loop;
  return p_start + interval '1 year';
end
$$;
revoke all on function private.reply_deadline(timestamptz, numeric) from public;

-- Its inverse: the latest start whose p_hours have run by p_at, so that
-- reply_deadline(s, h) <= p_at exactly when s <= reply_hours_before(p_at, h). A query over many
-- leads compares each one's start with this one instant (and keeps its index) instead of
-- computing every deadline.
create or replace function private.reply_hours_before(p_at timestamptz, p_hours numeric)
  returns timestamptz language plpgsql stable set search_path = ''
as $$
declare
  left_seconds numeric := p_hours * 3600;
  last_day date;
  to_day date;
  span record;
  counted_to timestamptz;
begin
  if p_at is null or p_hours is null then
    return null;
  end if;
  if p_hours <= 0 or (select r.reply_clock from private.reply_settings r) is distinct from 'business'
  then
    return p_at - make_interval(secs => left_seconds);
  end if;
  last_day := (select (p_at at time zone b.time_zone)::date from private.booking_settings b);
  to_day := last_day;
  while to_day >= last_day - 366 loop
    for span in select * from private.office_hours(to_day - 13, to_day) o order by o.day desc loop
      counted_to := least(p_at, span.closes_at);
      if counted_to > span.opens_at then
        if extract(epoch from counted_to - span.opens_at) >= left_seconds then
          return counted_to - make_interval(secs => left_seconds);
        end if;
        left_seconds := left_seconds - extract(epoch from counted_to - span.opens_at);
      end if;
    end loop;
    to_day := to_day - 14;
  end loop;
  return p_at - interval '1 year';
end
$$;
revoke all on function private.reply_hours_before(timestamptz, numeric) from public;

-- Writes the promise, the alert, the weekly summary's choice and now the clock (the Node
-- server at start, from company.ts and REPLY_*). A promise of another length, or another
-- clock, changes which answers were in time: the tallies are counted again.
drop function if exists private.apply_reply_settings(numeric, numeric, boolean);
create or replace function private.apply_reply_settings(
  p_promise_hours numeric,
  p_alert_after_hours numeric,
  p_weekly_summary boolean,
  p_reply_clock text
)
  returns void language plpgsql set search_path = ''
as $$
begin
  if exists (select 1 from private.reply_settings r
              where r.promise_hours is distinct from p_promise_hours
                 or r.reply_clock is distinct from p_reply_clock) then
    perform private.lock_lead_tallies();
    delete from private.lead_tally_days;
  end if;
  update private.reply_settings
     set promise_hours = p_promise_hours, alert_after_hours = p_alert_after_hours,
         weekly_summary = p_weekly_summary, reply_clock = p_reply_clock;
end
$$;
revoke all on function private.apply_reply_settings(numeric, numeric, boolean, text) from public;

-- Other office hours, or a day closed or reopened that has begun, move deadlines already
-- passed: in working hours, the tallied days are counted again (a day closed ahead moves none,
-- since a tallied day's deadlines have all passed).
create or replace function private.forget_tallies_of_office_hours()
  returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  today date := (select (now() at time zone b.time_zone)::date from private.booking_settings b);
begin
  if (select r.reply_clock from private.reply_settings r) is distinct from 'business' then
    return null;
  end if;
  if tg_table_name = 'booking_closed_days' then
    if not ((tg_op <> 'INSERT' and old.day <= today) or (tg_op <> 'DELETE' and new.day <= today))
    then
      return null;
    end if;
  end if;
  perform private.lock_lead_tallies();
  delete from private.lead_tally_days;
  return null;
end
$$;
revoke all on function private.forget_tallies_of_office_hours() from public;

drop trigger if exists forget_tallies_of_office_hours on private.booking_settings;
create trigger forget_tallies_of_office_hours
  after update on private.booking_settings
  for each row
  when (old.time_zone is distinct from new.time_zone
        or old.weekdays is distinct from new.weekdays
        or old.opens is distinct from new.opens
        or old.closes is distinct from new.closes
        or old.close_on_carnaval is distinct from new.close_on_carnaval
        or old.close_on_corpus_christi is distinct from new.close_on_corpus_christi)
  execute function private.forget_tallies_of_office_hours();

drop trigger if exists forget_tallies_of_closed_day on private.booking_closed_days;
create trigger forget_tallies_of_closed_day
  after insert or update or delete on private.booking_closed_days
  for each row execute function private.forget_tallies_of_office_hours();

-- The days tallied until now were counted on the wall clock: they are counted again, on the
-- reply clock, at the overview's next view (their kept medians go with them).
select private.lock_lead_tallies();
delete from private.lead_tally_days;

-- As in 20261128120000_reply_promise.sql, the alert's hour and the deadline on the reply clock.
-- A lead is alerted from its alert's hour until a day past its deadline, both found as the one
-- instant a start must be before (private.reply_hours_before): in working hours a deadline can
-- be many days after the lead (a long weekend, Carnaval), and the lead is still alerted.
create or replace function private.sweep_overdue_leads(p_limit integer default 50)
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  settings private.reply_settings;
  zone text := (select b.time_zone from private.booking_settings b);
  alert_due_before timestamptz;
  past_deadline_before timestamptz;
  lead public.contact_submissions;
  deadline timestamptz;
  alerted integer := 0;
begin
  select * into settings from private.reply_settings;
  alert_due_before := private.reply_hours_before(now(), settings.alert_after_hours);
  past_deadline_before := private.reply_hours_before(now() - interval '1 day',
                                                     settings.promise_hours);
  for lead in
    with due as (
      select s.id from public.contact_submissions s
       where s.first_answered_at is null
         and coalesce(s.waiting_since, s.created_at) <= alert_due_before
         and coalesce(s.waiting_since, s.created_at) > past_deadline_before
         and coalesce(s.waiting_since, s.created_at) >= settings.tracked_since
         and s.overdue_alerted_at is null
         and s.lead_status <> 'spam'
       order by coalesce(s.waiting_since, s.created_at)
       limit p_limit
         for update skip locked
    )
    update public.contact_submissions s set overdue_alerted_at = now()
      from due where s.id = due.id
    returning s.*
  loop
    deadline := private.reply_deadline(coalesce(lead.waiting_since, lead.created_at),
                                       settings.promise_hours);
    perform private.queue_webhook_event('lead.overdue', lead.id, jsonb_build_object('lead',
      private.webhook_lead(lead) || jsonb_build_object(
        'waiting_since', private.webhook_utc(coalesce(lead.waiting_since, lead.created_at)),
        'deadline_at', private.webhook_utc(deadline),
        'deadline_at_local', private.webhook_local(deadline, zone),
        'promise_hours', settings.promise_hours,
        'reply_clock', settings.reply_clock)));
    insert into private.company_alerts (kind, lead_id) values ('lead_overdue', lead.id);
    alerted := alerted + 1;
  end loop;
  return alerted;
end
$$;
revoke all on function private.sweep_overdue_leads(integer) from public;

-- As in 20261128120000_reply_promise.sql, on the reply clock: a day is tallied once the
-- deadline of a lead sent at its last instant has passed (an hour ago), and an answer is in
-- time by its lead's deadline. Most answers come within the promise's wall-clock hours, which
-- are never past the deadline: only the others have theirs computed.
create or replace function private.tally_lead_days(p_from date)
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  hours numeric := (select r.promise_hours from private.reply_settings r);
  promise interval := make_interval(secs => hours * 3600);
  ended_before date := (private.reply_hours_before(now() - interval '1 hour', hours)
                          at time zone 'UTC')::date;
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
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 1 as lead, 0 as meeting,
           s.lead_status <> 'spam' and s.notified_via is distinct from 'booking' as counted,
           s.first_answered_at
      from public.contact_submissions s, span
     where s.created_at >= span.starts and s.created_at < span.ends
    union all
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 0, 1, false, null
      from public.bookings b
      join public.contact_submissions s on s.id = b.lead_id, span
     where s.created_at >= span.starts and s.created_at < span.ends
  ),
  dated as (
    select (l.created_at at time zone 'UTC')::date as day,
           date_bin('15 minutes', l.created_at, timestamptz '2000-01-03 00:00:00+00') as bucket,
           l.utm_source, l.referrer_origin, l.utm_campaign as campaign, l.lead, l.meeting,
           l.counted and l.first_answered_at is not null as answered,
           l.counted and case
             when l.first_answered_at is null then false
             when l.first_answered_at <= l.created_at + promise then true
             else l.first_answered_at <= private.reply_deadline(l.created_at, hours)
           end as in_time,
           l.counted and l.first_answered_at is null as unanswered,
           greatest(0, extract(epoch from l.first_answered_at - l.created_at))::integer
             as answer_seconds
      from leads l
  )
  insert into private.lead_tallies (day, by_time, by_source, bucket, utm_source, referrer_origin,
                                    campaign, leads, meetings, answered, answered_in_time,
                                    unanswered, answer_seconds)
  select d.day, grouping(d.bucket) = 0, grouping(d.utm_source) = 0, d.bucket, d.utm_source,
         d.referrer_origin, d.campaign, sum(d.lead), sum(d.meeting),
         count(*) filter (where d.answered), count(*) filter (where d.in_time),
         count(*) filter (where d.unanswered),
         case when grouping(d.bucket) = 0
              then array_agg(d.answer_seconds) filter (where d.answered) end
    from dated d
   where d.day in (select day from missing)
   group by grouping sets ((d.day, d.bucket), (d.day, d.utm_source, d.referrer_origin),
                          (d.day, d.campaign));
  get diagnostics tallied = row_count;
  return tallied;
end
$$;
revoke all on function private.tally_lead_days(date) from public;

-- As in 20261128120200_weekly_summary.sql, on the reply clock, and saying which clock.
create or replace function private.week_summary(p_week date)
  returns jsonb language sql stable security definer set search_path = ''
as $$
  with week as (
    select b.time_zone as tz, r.promise_hours, r.reply_clock,
           make_interval(secs => r.promise_hours * 3600) as promise,
           private.reply_hours_before(now(), r.promise_hours) as due_before,
           (p_week::timestamp at time zone b.time_zone) as starts,
           ((p_week + 7)::timestamp at time zone b.time_zone) as ends
      from private.booking_settings b, private.reply_settings r
  ),
  leads as (
    select s.* from public.contact_submissions s, week w
     where s.created_at >= w.starts and s.created_at < w.ends
  ),
  counted as (
    select l.created_at, l.first_answered_at from leads l
     where l.lead_status <> 'spam' and l.notified_via is distinct from 'booking'
  ),
  answers as (
    select count(*) filter (where c.first_answered_at is not null) as answered,
           count(*) filter (where case
             when c.first_answered_at is null then false
             when c.first_answered_at <= c.created_at + w.promise then true
             else c.first_answered_at <= private.reply_deadline(c.created_at, w.promise_hours)
           end) as in_time,
           count(*) filter (where c.first_answered_at is null
                              and c.created_at <= w.due_before) as unanswered,
           count(*) filter (where c.first_answered_at is null
                              and c.created_at > w.due_before) as waiting,
           percentile_cont(0.5) within group (order by greatest(0,
             extract(epoch from c.first_answered_at - c.created_at)))
             filter (where c.first_answered_at is not null) as median_seconds
      from counted c, week w
  )
  select jsonb_build_object(
    'week', to_char(p_week, 'YYYY-MM-DD'),
    'time_zone', w.tz,
    'promise_hours', w.promise_hours,
    'reply_clock', w.reply_clock,
    'views', (select coalesce(sum(v.views), 0) from private.page_views v
               where v.day >= p_week and v.day < p_week + 7),
    'leads', (select count(*) from leads),
    'meetings', (select count(*) from public.bookings b join leads l on l.id = b.lead_id),
    'answered', a.answered,
    'answered_in_time', a.in_time,
    'unanswered', a.unanswered,
    'waiting', a.waiting,
    'median_answer_seconds', a.median_seconds,
    'incidents', (select coalesce(jsonb_agg(jsonb_build_object(
                    'kind', i.kind,
                    'since', private.webhook_utc(i.since),
                    'opened_at', private.webhook_utc(i.opened_at),
                    'resolved_at', private.webhook_utc(i.resolved_at),
                    'detail', i.detail) order by i.opened_at), '[]')
                    from private.pipeline_incidents i
                   where i.opened_at is not null and i.opened_at < w.ends
                     and (i.resolved_at is null or i.resolved_at >= w.starts)))
    from week w, answers a
$$;
revoke all on function private.week_summary(date) from public;

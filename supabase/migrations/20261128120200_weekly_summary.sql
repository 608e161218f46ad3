-- The weekly summary e-mail (decision 053): every Monday from 08:00 on the company's clock,
-- the week that ended (Monday to Sunday) goes to the company's inbox: visits, leads, meetings,
-- how the leads were answered, and the pipeline's incidents. Queued once per week in the
-- company's outbox (private.company_alerts), whatever number of servers watch; off with
-- WEEKLY_SUMMARY=false (private.reply_settings.weekly_summary). Safe to apply twice.

-- The week starting on p_week (a Monday, on the company's clock) in figures: the overview's
-- rules (decisions 034, 051), as of now. Counts and kinds only: no personal data.
create or replace function private.week_summary(p_week date)
  returns jsonb language sql stable security definer set search_path = ''
as $$
  with week as (
    select b.time_zone as tz, r.promise_hours,
           make_interval(secs => r.promise_hours * 3600) as promise,
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
           count(*) filter (where c.first_answered_at <= c.created_at + w.promise) as in_time,
           count(*) filter (where c.first_answered_at is null
                              and c.created_at + w.promise <= now()) as unanswered,
           count(*) filter (where c.first_answered_at is null
                              and c.created_at + w.promise > now()) as waiting,
           percentile_cont(0.5) within group (order by greatest(0,
             extract(epoch from c.first_answered_at - c.created_at)))
             filter (where c.first_answered_at is not null) as median_seconds
      from counted c, week w
  )
  select jsonb_build_object(
    'week', to_char(p_week, 'YYYY-MM-DD'),
    'time_zone', w.tz,
    'promise_hours', w.promise_hours,
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

-- Queues last week's summary once its Monday 08:00 has come on the company's clock, when the
-- summary is on and the site was running that week. Answers whether it queued one.
create or replace function private.queue_weekly_summary()
  returns boolean language plpgsql security definer set search_path = ''
as $$
declare
  tz text := (select b.time_zone from private.booking_settings b);
  settings private.reply_settings;
  local_now timestamp := now() at time zone tz;
  this_monday date := date_trunc('week', local_now)::date;
  queued integer;
begin
  select * into settings from private.reply_settings;
  if not settings.weekly_summary or local_now < this_monday + time '08:00' then
    return false;
  end if;
  if ((this_monday)::timestamp at time zone tz) <= settings.tracked_since then
    return false;
  end if;
  insert into private.company_alerts (kind, week)
  values ('weekly_summary', this_monday - 7)
  on conflict (week) where kind = 'weekly_summary' do nothing;
  get diagnostics queued = row_count;
  return queued > 0;
end
$$;
revoke all on function private.queue_weekly_summary() from public;

-- The watch, now with the summary and the old incidents' clean-up.
create or replace function private.watch_pipeline()
  returns jsonb language plpgsql security definer set search_path = ''
as $$
declare
  overdue integer := private.sweep_overdue_leads();
  incidents integer := private.check_pipeline();
  summary boolean := private.queue_weekly_summary();
begin
  perform private.forget_old_incidents();
  return jsonb_build_object('overdue', overdue, 'incidents', incidents,
    'summary', case when summary then 1 else 0 end);
end
$$;
revoke all on function private.watch_pipeline() from public;

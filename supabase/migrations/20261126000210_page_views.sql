-- Visits counted without personal data (issue 20): one beacon per page view, sent by the
-- page's script after the page is shown, to public.count_page_view. Stored as aggregate
-- counts only, one row per day (the company's) × page × source × device class with a counter:
-- no address, no identifier, no time of day, nothing on the visitor's device (decision 033).
--
-- A flood cannot grow the table without bound: only the site's pages are counted, a source is
-- at most 200 characters and each day has at most page_view_sources_per_day of them (the rest
-- are '(outras)'), and the whole site counts at most page_views_per_minute views a minute (a
-- counter per minute, not per address: nothing about the caller is kept, even for a minute).
-- So a day has at most 7 pages × 201 sources × 3 devices rows. Safe to apply twice.

create table if not exists private.page_views (
  day date not null,
  page text not null,
  -- private.attribution_source's key: a utm_source, a referring host, '' for direct.
  source text not null check (char_length(source) <= 200),
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  views integer not null check (views >= 1),
  primary key (day, page, source, device)
);
revoke all on table private.page_views from public;

-- Views taken per minute, site-wide: what the flood limit counts. Rows older than an hour are
-- deleted as each new minute starts.
create table if not exists private.page_view_minutes (
  minute timestamptz primary key,
  views integer not null
);
revoke all on table private.page_view_minutes from public;

alter table private.contact_settings
  add column if not exists page_views_per_minute integer not null default 600,
  add column if not exists page_view_sources_per_day integer not null default 200;
alter table private.contact_settings
  drop constraint if exists contact_settings_page_views_per_minute_check,
  add constraint contact_settings_page_views_per_minute_check
    check (page_views_per_minute between 0 and 1000000),
  drop constraint if exists contact_settings_page_view_sources_per_day_check,
  add constraint contact_settings_page_view_sources_per_day_check
    check (page_view_sources_per_day between 0 and 100000);

-- The page a path names, as src/routes.ts lists them (with or without the trailing slash), or
-- null for any other path: the 404 page and made-up paths are not counted.
-- tests/integration/attribution-sql.test.ts holds this list and src/routes.ts together.
create or replace function private.counted_page(value text)
  returns text language sql immutable set search_path = ''
as $$
  select p from (select case when value ~ '^/.+/$' then left(value, -1) else value end as p) x
   where p in ('/', '/privacidade', '/contato', '/contato/enviada', '/contato/erro', '/agendar',
               '/agendar/gerenciar')
$$;
revoke all on function private.counted_page(text) from public;

-- One page view. The body is one JSON object, sent raw (text/plain, as navigator.sendBeacon
-- sends a string; PostgREST hands a single unnamed text parameter the whole body):
--   {"page": "/agendar", "device": "phone", "utm_source": "newsletter",
--    "referrer": "https://www.google.com"}
-- Anything else is dropped without an answer that differs: a beacon's answer is never read.
create or replace function public.count_page_view(text)
  returns void language plpgsql volatile security definer set search_path = ''
as $$
declare
  view jsonb;
  view_page text;
  view_device text;
  view_source text;
  settings private.contact_settings;
  today date;
  this_minute integer;
begin
  if $1 is null or octet_length($1) > 2000 then
    return;
  end if;
  begin
    view := $1::jsonb;
  exception when others then
    return;
  end;
  if jsonb_typeof(view) <> 'object' then
    return;
  end if;
  view_page := private.counted_page(view ->> 'page');
  view_device := view ->> 'device';
  if view_page is null or view_device is null
     or view_device not in ('phone', 'tablet', 'desktop') then
    return;
  end if;
  view_source := left(private.attribution_source(
    private.clean_utm(case when jsonb_typeof(view -> 'utm_source') = 'string'
                           then view ->> 'utm_source' end, 100),
    private.clean_referrer_origin(case when jsonb_typeof(view -> 'referrer') = 'string'
                                       then view ->> 'referrer' end)), 200);

  select * into settings from private.contact_settings;
  insert into private.page_view_minutes as m (minute, views)
  values (date_trunc('minute', now()), 1)
  on conflict (minute) do update set views = m.views + 1
  returning m.views into this_minute;
  if this_minute = 1 then
    delete from private.page_view_minutes where minute < now() - interval '1 hour';
  end if;
  if this_minute > settings.page_views_per_minute then
    return;
  end if;

  select (now() at time zone b.time_zone)::date into today from private.booking_settings b;
  if view_source <> '' and not exists (
    select 1 from private.page_views v where v.day = today and v.source = view_source
  ) then
    -- One new source at a time, so concurrent beacons cannot overfill the day's cap.
    perform pg_advisory_xact_lock(7242300);
    if (select count(distinct v.source) from private.page_views v where v.day = today)
       >= settings.page_view_sources_per_day then
      view_source := '(outras)';
    end if;
  end if;
  insert into private.page_views as v (day, page, source, device, views)
  values (today, view_page, view_source, view_device, 1)
  on conflict (day, page, source, device) do update set views = v.views + 1;
end
$$;

revoke all on function public.count_page_view(text) from public, anon, authenticated;
grant execute on function public.count_page_view(text) to anon, authenticated, service_role;

-- The visit counter's shares taken at three widths (decision 059, amending 041): 75 /64s of one
-- /56 each took their own /64's share and together spent the minute's views and the day's new
-- sources. Now a view must fit the share of its address (an IPv4 address, an IPv6 /64), of its
-- home (an IPv6 /56) and of its network (an IPv6 /48, an IPv4 /24), narrowest first; one that
-- does not fit is not counted (its new source counts as "(outras)"), and does not spend the
-- wider shares either, so a neighbour in the same /56 or /48 keeps them. Each width is known by
-- decision 041's one-way code under the day's secret; no address is kept. Safe to apply twice.
--
--                          address   home (/56)   network (/48, /24)
--   views of the minute      1/30       1/20           1/15            (20, 30, 40 of 600)
--   new sources of the day   1/50       1/40           1/30            (4, 5, 6 of 200)

-- The day's secret (the company's day), made by the first view of the day; yesterday's is
-- deleted then, after which no code can be matched to any network.
create or replace function private.page_view_secret(p_day date)
  returns text language plpgsql set search_path = ''
as $$
declare
  day_secret text;
begin
  select s.secret into day_secret from private.page_view_day_secret s where s.day = p_day;
  if day_secret is null then
    delete from private.page_view_day_secret where day < p_day;
    insert into private.page_view_day_secret (day, secret)
    values (p_day, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
    on conflict (day) do nothing;
    select s.secret into day_secret from private.page_view_day_secret s where s.day = p_day;
  end if;
  return day_secret;
end
$$;
revoke all on function private.page_view_secret(date) from public;

-- A block's one-way code for the day: the first 128 bits of SHA-256 under the day's secret.
create or replace function private.page_view_code(p_secret text, p_block text)
  returns text language sql immutable set search_path = ''
as $$
  select left(encode(sha256(convert_to(p_secret || p_block, 'UTF8')), 'hex'), 32)
$$;
revoke all on function private.page_view_code(text, text) from public;

-- 20261128020200_counter_and_quarantine_shares.sql's one code per caller, replaced by the codes
-- of each width below.
drop function if exists private.page_view_network(date);

-- The codes of the caller's address, home and network for the day, narrowest first, each with
-- its share's divisor (of the minute's views, of the day's new sources); none when the address
-- is not known (such a view has the site's budget only). IPv4 has no home level.
create or replace function private.page_view_blocks(p_day date)
  returns table (code text, views_divisor integer, sources_divisor integer)
  language plpgsql set search_path = ''
as $$
declare
  caller text := private.client_key(private.request_client_ip());
  day_secret text;
begin
  if caller is null then
    return;
  end if;
  day_secret := private.page_view_secret(p_day);
  return query
    select private.page_view_code(day_secret, w.block), w.views_divisor, w.sources_divisor
      from (values
        (1, caller, 30, 50),
        (2, private.client_prefix(caller, 56, null), 20, 40),
        (3, private.client_prefix(caller, 48, 24), 15, 30)
      ) as w (width, block, views_divisor, sources_divisor)
     where w.block is not null
     order by w.width;
end
$$;
revoke all on function private.page_view_blocks(date) from public;

-- One page view, as 20261128020200_counter_and_quarantine_shares.sql counts it, with the
-- shares of each width the caller's address has taken before the site's budget.
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
  blocks record;
  codes text[] := '{}';
  source_divisors integer[] := '{}';
  counted integer;
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
  select (now() at time zone b.time_zone)::date into today from private.booking_settings b;

  -- Each width's share of the minute first, narrowest first: a view past one is not counted
  -- and spends none of the wider ones.
  for blocks in select * from private.page_view_blocks(today) loop
    insert into private.page_view_network_minutes as m (minute, network, views)
    values (date_trunc('minute', now()), blocks.code, 1)
    on conflict (minute, network) do update set views = m.views + 1
    returning m.views into counted;
    if counted > greatest(1, settings.page_views_per_minute / blocks.views_divisor) then
      return;
    end if;
    codes := codes || blocks.code;
    source_divisors := source_divisors || blocks.sources_divisor;
  end loop;

  insert into private.page_view_minutes as m (minute, views)
  values (date_trunc('minute', now()), 1)
  on conflict (minute) do update set views = m.views + 1
  returning m.views into this_minute;
  if this_minute = 1 then
    delete from private.page_view_minutes where minute < now() - interval '1 hour';
    delete from private.page_view_network_minutes where minute < now() - interval '2 minutes';
    delete from private.page_view_network_sources where day < today;
  end if;
  if this_minute > settings.page_views_per_minute then
    return;
  end if;

  if view_source <> '' and not exists (
    select 1 from private.page_views v where v.day = today and v.source = view_source
  ) then
    -- One new source at a time, so concurrent beacons cannot overfill the day's cap.
    perform pg_advisory_xact_lock(7242300);
    if (select count(distinct v.source) from private.page_views v where v.day = today)
       >= settings.page_view_sources_per_day then
      view_source := '(outras)';
    else
      -- Each width's share of the day's new sources, narrowest first, as for the minute.
      for width in 1 .. cardinality(codes) loop
        insert into private.page_view_network_sources as s (day, network, sources)
        values (today, codes[width], 1)
        on conflict (day, network) do update set sources = s.sources + 1
        returning s.sources into counted;
        if counted > greatest(1, settings.page_view_sources_per_day / source_divisors[width]) then
          view_source := '(outras)';
          exit;
        end if;
      end loop;
    end if;
  end if;
  insert into private.page_views as v (day, page, source, device, views)
  values (today, view_page, view_source, view_device, 1)
  on conflict (day, page, source, device) do update set views = v.views + 1;
end
$$;
revoke all on function public.count_page_view(text) from public, anon, authenticated;
grant execute on function public.count_page_view(text) to anon, authenticated, service_role;

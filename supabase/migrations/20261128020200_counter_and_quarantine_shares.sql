-- Budgets that every visitor shares cannot be spent by one network (decision 041): each
-- network gets its share first, then the shared budget. Safe to apply twice.
--
-- The visit counter (20261126000210_page_views.sql): 700 beacons in 4 s from one address spent
-- the site's views of the minute, so real views went uncounted, and 210 junk sources in 2.5 s
-- took the day's 200 source slots, so a real campaign counted as "(outras)". Now a network (a
-- client key: an IPv4 address or an IPv6 /64) has its views counted up to 1/30 of the site's a
-- minute (20 of 600), and may bring at most 1/50 of the day's new sources (4 of 200); the rest
-- of its views count as they did, its new sources as "(outras)". The counter still keeps no
-- address: it knows a network by a one-way code of its key under a secret of the day's, kept
-- a minute for the views and to the day's end for the sources, and the secret goes with the
-- day, after which no code can be told from any other.
--
-- The quarantine (20261124000301_quarantine.sql): 500 places filled in 4.1 s from 55 /64s, and a
-- person who then tripped a bot signal got the usual thanks and was dropped in silence. Now
-- one network holds at most 1/100 of the places (5 of 500) and one block (an IPv6 /48, an IPv4
-- /24: what one home or office connection is given) 1/25 (20 of 500). A flagged submission
-- past its network's share, or when the quarantine is full, is refused with 503 and words that
-- say to try again later or use the e-mail or phone, never dropped without a word; so is one
-- whose fields break the rules (it was dropped, and a person with a mistyped e-mail never knew).

-- The counter's own tables: a minute, or a day, of each network's code. Unlogged: after a
-- crash they start empty, which costs nothing.
create unlogged table if not exists private.page_view_network_minutes (
  minute timestamptz not null,
  network text not null,
  views integer not null,
  primary key (minute, network)
);
revoke all on table private.page_view_network_minutes from public;

create unlogged table if not exists private.page_view_network_sources (
  day date not null,
  network text not null,
  sources integer not null,
  primary key (day, network)
);
revoke all on table private.page_view_network_sources from public;

create table if not exists private.page_view_day_secret (
  day date primary key,
  secret text not null
);
revoke all on table private.page_view_day_secret from public;

-- The code of the calling network for the day (the company's), '' when its address is not
-- known. The day's secret is made by the first view of the day; yesterday's is deleted then.
create or replace function private.page_view_network(p_day date)
  returns text language plpgsql set search_path = ''
as $$
declare
  caller text := private.client_key(private.request_client_ip());
  day_secret text;
begin
  if caller is null then
    return '';
  end if;
  select s.secret into day_secret from private.page_view_day_secret s where s.day = p_day;
  if day_secret is null then
    delete from private.page_view_day_secret where day < p_day;
    insert into private.page_view_day_secret (day, secret)
    values (p_day, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
    on conflict (day) do nothing;
    select s.secret into day_secret from private.page_view_day_secret s where s.day = p_day;
  end if;
  return left(encode(sha256(convert_to(day_secret || caller, 'UTF8')), 'hex'), 32);
end
$$;
revoke all on function private.page_view_network(date) from public;

-- One page view, as 20261126000210_page_views.sql counts it, with each network's share taken
-- before the site's budget and the day's sources.
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
  caller_network text;
  network_views integer;
  network_sources integer;
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
  caller_network := private.page_view_network(today);

  -- The network's share of the minute first: one network cannot spend the site's budget.
  if caller_network <> '' then
    insert into private.page_view_network_minutes as m (minute, network, views)
    values (date_trunc('minute', now()), caller_network, 1)
    on conflict (minute, network) do update set views = m.views + 1
    returning m.views into network_views;
    if network_views > greatest(1, settings.page_views_per_minute / 30) then
      return;
    end if;
  end if;

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
    elsif caller_network <> '' then
      -- The network's share of the day's new sources.
      insert into private.page_view_network_sources as s (day, network, sources)
      values (today, caller_network, 1)
      on conflict (day, network) do update set sources = s.sources + 1
      returning s.sources into network_sources;
      if network_sources > greatest(1, settings.page_view_sources_per_day / 50) then
        view_source := '(outras)';
      end if;
    end if;
  end if;
  insert into private.page_views as v (day, page, source, device, views)
  values (today, view_page, view_source, view_device, 1)
  on conflict (day, page, source, device) do update set views = v.views + 1;
end
$$;
revoke all on function public.count_page_view(text) from public, anon, authenticated;
grant execute on function public.count_page_view(text) to anon, authenticated, service_role;

-- Which network a quarantined submission came from (its client key, as a lead keeps it), so
-- that no network holds more than its share of the places.
alter table private.quarantined_submissions add column if not exists client_key text;
create index if not exists quarantined_submissions_client_key_idx
  on private.quarantined_submissions (client_key);

-- The block a client key belongs to: an IPv6 /48, an IPv4 /24; null for an unknown caller.
create or replace function private.client_block(p_key text)
  returns text language sql immutable set search_path = ''
as $$
  select case when p_key is null then null
    else network(set_masklen(p_key::inet,
           case when family(p_key::inet) = 4 then 24 else 48 end))::text end
$$;
revoke all on function private.client_block(text) from public;

-- Keeps a flagged submission for review (20261126000400_quarantine_attribution.sql's, with the
-- shares): a double click kept once; counted against the same flood limits as any other; and
-- refused in words, never dropped without one, when its fields break the rules, when its
-- network or block already holds its share, or when the quarantine is full.
create or replace function private.quarantine_submission(
  p_reason text,
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_client_key text,
  p_from public.contact_submissions
)
  returns void language plpgsql set search_path = ''
as $$
declare
  capacity integer;
  block text := private.client_block(p_client_key);
  cannot_keep constant text :=
    'Não conseguimos receber a sua mensagem agora. Tente de novo mais tarde ou fale conosco por e-mail ou telefone.';
begin
  perform pg_advisory_xact_lock(hashtext(coalesce(p_email, '')));
  if exists (
    select 1 from private.quarantined_submissions q
     where q.quarantined_at > now() - interval '10 seconds'
       and q.name = p_name and q.email = p_email and q.message = p_message
       and q.company is not distinct from p_company
  ) then
    return;
  end if;
  perform private.count_submission(p_client_key);
  -- As a lead's fields would be: the same words, the same 400 (nothing tells a bot it was
  -- flagged; a person learns what to fix).
  perform private.check_contact_fields(p_name, p_email, p_company, p_message);
  -- One decision about the places at a time, so concurrent posts cannot overfill them.
  perform pg_advisory_xact_lock(7242011);
  select quarantine_max_entries into capacity from private.contact_settings;
  if (select count(*) from private.quarantined_submissions) >= capacity
     or (p_client_key is not null and (
           select count(*) from private.quarantined_submissions q
            where q.client_key = p_client_key) >= greatest(1, capacity / 100))
     or (block is not null and (
           select count(*) from private.quarantined_submissions q
            where private.client_block(q.client_key) = block) >= greatest(1, capacity / 25)) then
    -- 503: not a flood limit a server should repeat, but no place for it now.
    perform private.refuse(503, 'PT503', cannot_keep, null,
      jsonb_build_object('Retry-After', '3600'));
  end if;
  insert into private.quarantined_submissions (reason, name, email, company, message, client_key,
    referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (p_reason, p_name, p_email, p_company, p_message, p_client_key,
    p_from.referrer_origin, p_from.landing_path, p_from.utm_source, p_from.utm_medium,
    p_from.utm_campaign, p_from.utm_term, p_from.utm_content);
end
$$;
revoke all on function private.quarantine_submission(
  text, text, text, text, text, text, public.contact_submissions) from public;

-- Every public call counted per IPv6 /64, /56 and /48 (decision 058), where decision 040 counted
-- the /64 alone: a script holding a /48 (65 536 /64s) took a new /64 for each call and was never
-- refused. A call from an IPv6 address now counts under its /64 (calls_per_minute, as before),
-- its /56 (calls_per_56_per_minute: a home's connection) and its /48
-- (calls_per_48_per_minute: a site, a business line, a tunnel broker's customer), and is refused
-- when any of the three is full. IPv4 stays per address: an IPv4 address costs its holder what a
-- /48 costs, and one /24 of a carrier's CGNAT is thousands of unrelated homes.
--
-- The Node server counts in memory and adds its counts per key, the prefixes' included, to
-- private.public_call_counts once a second (private.tally_public_calls with three arguments,
-- below); it also learns the block list there and checks each caller against it in memory,
-- before any query. On hosted Supabase private.count_public_call counts the three keys itself.
--
-- Blocks: an IPv4-mapped IPv6 block (`::ffff:203.0.113.0/120`) is stored as the IPv4 block it
-- names (it never matched anything: client keys of such callers are IPv4), and an IPv6 block
-- narrower than a /64 as its /64 (a caller is at best a /64). private.blocked_network_of is the
-- one reading of a typed network, for blocking, unblocking and freeing a network's bookings.
-- Safe to apply twice.

alter table private.contact_settings
  -- PUBLIC_CALLS_PER_56_PER_MINUTE and PUBLIC_CALLS_PER_48_PER_MINUTE.
  add column if not exists calls_per_56_per_minute integer not null default 180,
  add column if not exists calls_per_48_per_minute integer not null default 240;
alter table private.contact_settings
  drop constraint if exists contact_settings_calls_per_56_per_minute_check,
  add constraint contact_settings_calls_per_56_per_minute_check
    check (calls_per_56_per_minute between 1 and 1000000),
  drop constraint if exists contact_settings_calls_per_48_per_minute_check,
  add constraint contact_settings_calls_per_48_per_minute_check
    check (calls_per_48_per_minute between 1 and 1000000);

-- The keys one call counts under, narrowest first: an IPv6 /64 client key, its /56 and its /48
-- (written as PostgreSQL writes a cidr); any other key (an IPv4 address, '' for the callers
-- whose address is not known, a key of the Node server's own) alone.
create or replace function private.call_limit_keys(p_key text)
  returns text[] language plpgsql immutable set search_path = ''
as $$
declare
  address inet;
begin
  if coalesce(p_key, '') !~ '^[0-9A-Fa-f:]+/64$' then
    return array[coalesce(p_key, '')];
  end if;
  begin
    address := p_key::inet;
  exception when others then
    return array[p_key];
  end;
  return array[p_key, network(set_masklen(address, 56))::text,
               network(set_masklen(address, 48))::text];
end
$$;
revoke all on function private.call_limit_keys(text) from public;

-- The calls a key may make in any 60 seconds: its level is in its spelling (a /56 or /48 key
-- ends so; '' is every caller whose address is not known).
create or replace function private.public_call_limit(p_key text)
  returns integer language sql stable set search_path = ''
as $$
  select case when coalesce(p_key, '') = '' then c.unknown_calls_per_minute
              when p_key like '%/56' then c.calls_per_56_per_minute
              when p_key like '%/48' then c.calls_per_48_per_minute
              else c.calls_per_minute end
    from private.contact_settings c
$$;
revoke all on function private.public_call_limit(text) from public;

-- One call, counted under each of its keys (hosted Supabase: PostgREST's pre-request, the Edge
-- Functions): 403 for a blocked network; 429 with Retry-After when any key is past its limit,
-- in words that say whether the address or its network is (the Node server's too,
-- supabase/functions/_shared/call-limit-copy.ts). The refusal undoes the counts.
create or replace function private.count_public_call(p_key text)
  returns void language plpgsql set search_path = ''
as $$
declare
  caller text := coalesce(p_key, '');
  keys text[] := private.call_limit_keys(caller);
  level text;
  allowed integer;
  counted record;
  refused_key text;
  wait integer := 0;
begin
  if private.is_caller_blocked(caller) then
    perform private.refuse(403, 'PT403',
      'Este endereço de internet foi bloqueado pela empresa. Fale conosco por e-mail ou telefone.');
  end if;
  -- Rows in key order, as the tally writes them: two calls of one /48 never deadlock.
  insert into private.public_call_counts as c (client_key, minute, calls)
  select k.key, date_trunc('minute', now()), 1 from unnest(keys) as k (key) order by k.key
  on conflict (client_key, minute) do update set calls = c.calls + 1;
  foreach level in array keys loop
    allowed := private.public_call_limit(level);
    select * into counted from private.public_call_window(level, allowed, now());
    if counted.recent > allowed and counted.retry_after >= wait then
      refused_key := level;
      wait := counted.retry_after;
    end if;
  end loop;
  if refused_key is not null then
    perform private.refuse(429, 'PT429',
      case when caller = ''
        then 'Recebemos muitos pedidos agora. Aguarde um pouco e tente de novo.'
        when refused_key = caller
        then 'Muitos pedidos deste endereço em pouco tempo. Aguarde um pouco e tente de novo.'
        else 'Muitos pedidos desta rede em pouco tempo. Aguarde um pouco e tente de novo.' end,
      format('Tente de novo em %s segundo(s).', wait),
      jsonb_build_object('Retry-After', wait::text));
  end if;
end
$$;
revoke all on function private.count_public_call(text) from public;

-- What identifies the block list in force, so a server asks for the list only when it changed.
create or replace function private.blocked_networks_version()
  returns text language sql stable set search_path = ''
as $$
  select md5(coalesce(string_agg(
           n.network::text || ' ' || coalesce(extract(epoch from n.blocked_until)::text, '-'),
           ',' order by n.network), ''))
    from private.blocked_networks n
   where n.blocked_until is null or n.blocked_until > now()
$$;
revoke all on function private.blocked_networks_version() from public;

-- The Node servers' tally (decision 040), per prefix (decision 058): adds the calls each key
-- (an address, a /56, a /48, '' for the unknown callers) made through that server since its last
-- tally, and answers the limits, every server's calls in the window for each key named, and
-- the block list in force when it is not the one the server holds (p_blocks_version): each
-- block with the seconds it has left (null: until lifted). Rows are written in key order.
-- The two-argument form (20261128020100_public_call_limits.sql) stays for a server of the
-- version before, during an upgrade.
create or replace function private.tally_public_calls(
  p_keys text[], p_calls integer[], p_blocks_version text
)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  settings private.contact_settings;
  this_minute timestamptz := date_trunc('minute', now());
  version text := private.blocked_networks_version();
begin
  select * into settings from private.contact_settings;
  insert into private.public_call_counts as c (client_key, minute, calls)
  select u.key, this_minute, sum(u.calls)::integer
    from unnest(p_keys, p_calls) as u (key, calls)
   where u.key is not null and u.calls > 0
   group by u.key
   order by u.key
  on conflict (client_key, minute) do update set calls = c.calls + excluded.calls;
  delete from private.public_call_counts where minute < this_minute - interval '1 minute';
  return jsonb_build_object(
    'per_minute', settings.calls_per_minute,
    'per_56_per_minute', settings.calls_per_56_per_minute,
    'per_48_per_minute', settings.calls_per_48_per_minute,
    'unknown_per_minute', settings.unknown_calls_per_minute,
    'callers', coalesce((
      select jsonb_agg(jsonb_build_array(k.key, w.recent, w.retry_after))
        from (select distinct u.key from unnest(p_keys) as u (key) where u.key is not null) k
        cross join lateral private.public_call_window(
          k.key, private.public_call_limit(k.key), now()) w
    ), '[]'::jsonb),
    'blocks_version', version,
    'blocks', case when p_blocks_version is distinct from version then coalesce((
      select jsonb_agg(jsonb_build_array(n.network::text,
               ceil(extract(epoch from n.blocked_until - now()))::bigint) order by n.network)
        from private.blocked_networks n
       where n.blocked_until is null or n.blocked_until > now()
    ), '[]'::jsonb) end);
end
$$;
revoke all on function private.tally_public_calls(text[], integer[], text) from public;

-- The network a typed block means (an address, a client key, a block in CIDR notation; host
-- bits dropped): an IPv4-mapped IPv6 address or block is the IPv4 one it names, and an IPv6
-- block narrower than a /64 is its /64, since no caller is narrower. Raises 22023 for text that
-- is no network, so the desk says so.
create or replace function private.blocked_network_of(p_network text)
  returns cidr language plpgsql immutable set search_path = ''
as $$
declare
  target inet;
begin
  begin
    target := coalesce(private.address_of(p_network), btrim(p_network)::inet);
  exception when others then
    raise exception 'Not a network: %', left(coalesce(p_network, ''), 60) using errcode = '22023';
  end;
  if target is null then
    raise exception 'Not a network: %', left(coalesce(p_network, ''), 60) using errcode = '22023';
  end if;
  if family(target) = 6 and masklen(target) >= 96 and target <<= '::ffff:0.0.0.0/96'::inet then
    target := set_masklen('0.0.0.0'::inet + (host(target)::inet - '::ffff:0.0.0.0'::inet),
                          masklen(target) - 96);
  elsif family(target) = 6 and masklen(target) > 64 then
    target := set_masklen(target, 64);
  end if;
  return network(target);
end
$$;
revoke all on function private.blocked_network_of(text) from public;

-- For the desk: blocks a network for p_days days, or until lifted when p_days is null. Blocking
-- it again renews it. Returns the network as stored. As before, but read by
-- private.blocked_network_of.
create or replace function private.block_network(
  p_network text,
  p_reason text default null,
  p_days integer default 30
)
  returns text language plpgsql set search_path = ''
as $$
declare
  target cidr := private.blocked_network_of(p_network);
begin
  if p_days is not null and p_days < 1 then
    raise exception 'Block for at least a day.' using errcode = '22023';
  end if;
  insert into private.blocked_networks (network, reason, blocked_at, blocked_until)
  values (target, nullif(btrim(left(p_reason, 200)), ''), now(),
    now() + make_interval(days => p_days))
  on conflict on constraint blocked_networks_pkey do update
    set reason = excluded.reason, blocked_at = excluded.blocked_at,
        blocked_until = excluded.blocked_until;
  return target::text;
end
$$;
revoke all on function private.block_network(text, text, integer) from public;

-- For the desk: lifts a block. Returns whether there was one.
create or replace function private.unblock_network(p_network text)
  returns boolean language plpgsql set search_path = ''
as $$
declare
  target cidr;
begin
  begin
    target := private.blocked_network_of(p_network);
  exception when others then
    return false;
  end;
  delete from private.blocked_networks b where b.network = target;
  return found;
end
$$;
revoke all on function private.unblock_network(text) from public;

-- For the desk: frees every meeting and hold still to come booked from inside a network, as
-- private.release_bookings frees them (no one e-mailed, leads marked spam). Returns how many.
create or replace function private.release_network_bookings(p_network text)
  returns integer language plpgsql set search_path = ''
as $$
declare
  target cidr := private.blocked_network_of(p_network);
  released integer := 0;
  junk record;
begin
  for junk in
    select b.id, b.lead_id from public.bookings b
     where b.status in ('pending', 'confirmed', 'held')
       and b.starts_at > now()
       and private.address_of(b.client_key) <<= target
     order by b.starts_at
  loop
    perform private.cancel_booking(junk.id, 'company', null, false, now());
    update public.contact_submissions s
       set lead_status = 'spam', status_changed_at = now()
     where s.id = junk.lead_id;
    released := released + 1;
  end loop;
  return released;
end
$$;
revoke all on function private.release_network_bookings(text) from public;

-- Blocks stored before this, as typed: an IPv4-mapped one never matched a caller, nor did an
-- IPv6 one narrower than a /64. Each becomes what it meant where that is allowed (an IPv4 block
-- of at least a /16); those that cannot (`::ffff:0:0/100`, an IPv4 /4) are dropped, with a
-- notice: they blocked nothing.
do $$
declare
  stale record;
  meant cidr;
begin
  for stale in
    select n.* from private.blocked_networks n
     where family(n.network) = 6
       and (n.network <<= '::ffff:0.0.0.0/96'::cidr or masklen(n.network) > 64)
  loop
    meant := private.blocked_network_of(stale.network::text);
    delete from private.blocked_networks where network = stale.network;
    if family(meant) = 4 and masklen(meant) < 16 then
      raise notice 'Block % dropped: it blocked nothing, and % is wider than an IPv4 /16.',
        stale.network, meant;
      continue;
    end if;
    insert into private.blocked_networks (network, reason, blocked_at, blocked_until)
    values (meant, stale.reason, stale.blocked_at, stale.blocked_until)
    on conflict on constraint blocked_networks_pkey do nothing;
  end loop;
end
$$;

-- Networks the company blocks from the desk in one action, during an attack (decision 038):
-- nobody from a blocked network may book, confirm, move or cancel a meeting
-- (20261128010100_booking_holds.sql) or send the contact form, through any path that inserts a
-- lead (the site's insert, the form's own POST, the submit-contact-form Edge Function). The
-- rule is one predicate, private.is_network_blocked(address or client key), so every other
-- public call can honour the same list. Safe to apply twice.

-- One row per blocked network: an IPv4 address or block, an IPv6 /64 (one subscriber) or a
-- wider block (/56 a home, /48 a site or a provider's customer). A block ends by itself at
-- blocked_until (addresses change hands: a forgotten block must not shut out whoever gets the
-- range next), or when the desk lifts it.
create table if not exists private.blocked_networks (
  network cidr primary key,
  reason text check (char_length(reason) <= 200),
  blocked_at timestamptz not null default now(),
  blocked_until timestamptz,
  -- Never so wide that one click closes the site to a whole provider or country.
  constraint blocked_networks_size_check check (
    (family(network) = 4 and masklen(network) >= 16)
    or (family(network) = 6 and masklen(network) >= 32)
  )
);
create index if not exists blocked_networks_network_idx
  on private.blocked_networks using gist (network inet_ops);
revoke all on table private.blocked_networks from public;

-- The IPv6 /48 (a site, or one customer of a provider) or the IPv4 /24 a client key belongs
-- to: what the booking limits count as one network (decision 038). A client key is what
-- private.client_key makes (an IPv4 address, or an IPv6 /64 as PostgreSQL writes a cidr);
-- anything else, and null, is null.
create or replace function private.client_network(p_key text)
  returns text language plpgsql immutable set search_path = ''
as $$
declare
  address inet;
begin
  if p_key is null or p_key !~ '^[0-9A-Fa-f.:]+(/(32|64))?$' then
    return null;
  end if;
  begin
    address := p_key::inet;
  exception when others then
    return null;
  end;
  return network(set_masklen(address, case family(address) when 4 then 24 else 48 end))::text;
end
$$;
revoke all on function private.client_network(text) from public;

-- The address private.client_key reads from p_address (as typed: brackets, ports and
-- IPv4-mapped IPv6 allowed), or the client key p_address already is (an IPv6 /64), as inet;
-- null when it is neither.
create or replace function private.address_of(p_address text)
  returns inet language plpgsql immutable set search_path = ''
as $$
declare
  key text := private.client_key(p_address);
begin
  if key is null and btrim(coalesce(p_address, '')) ~ '^[0-9A-Fa-f:]+/64$' then
    key := btrim(p_address);
  end if;
  begin
    return key::inet;
  exception when others then
    return null;
  end;
end
$$;
revoke all on function private.address_of(text) from public;

-- Whether the caller at p_address (an address as a request carries it, or a client key) is in
-- a network blocked now. Unknown callers (null) are never blocked: they share the limits for
-- unknown addresses instead. Cheap enough to ask on every public call: a lookup in a short,
-- indexed list.
create or replace function private.is_network_blocked(p_address text)
  returns boolean language sql stable set search_path = ''
as $$
  select exists (
    select 1 from private.blocked_networks n
     where n.network >>= private.address_of(p_address)
       and (n.blocked_until is null or n.blocked_until > now())
  )
$$;
revoke all on function private.is_network_blocked(text) from public;

-- For the desk: blocks a network (an address, a client key, or a block in CIDR notation; the
-- host bits of a block are dropped) for p_days days, or until lifted when p_days is null.
-- Blocking it again renews it. Returns the network as stored.
create or replace function private.block_network(
  p_network text,
  p_reason text default null,
  p_days integer default 30
)
  returns text language plpgsql set search_path = ''
as $$
declare
  target cidr;
begin
  begin
    target := network(coalesce(private.address_of(p_network), btrim(p_network)::inet));
  exception when others then
    raise exception 'Not a network: %', left(coalesce(p_network, ''), 60) using errcode = '22023';
  end;
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
    target := network(coalesce(private.address_of(p_network), btrim(p_network)::inet));
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
  target cidr;
  released integer := 0;
  junk record;
begin
  begin
    target := network(coalesce(private.address_of(p_network), btrim(p_network)::inet));
  exception when others then
    raise exception 'Not a network: %', left(coalesce(p_network, ''), 60) using errcode = '22023';
  end;
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

-- The contact form from a blocked network is refused in words the form shows, before the
-- guard counts or quarantines it: a blocked sender must not fill the quarantine either. A
-- booking's lead is the booking function's (it refuses blocked callers itself); a lead the desk
-- restores carries no request, so it is never blocked.
create or replace function private.refuse_blocked_submission()
  returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  settings private.contact_settings;
begin
  select * into settings from private.contact_settings;
  if private.is_network_blocked(private.client_address(
      headers, settings.client_address_header, settings.client_address_hops)) then
    perform private.refuse(403, 'PT403',
      'Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.');
  end if;
  return new;
end
$$;
revoke all on function private.refuse_blocked_submission() from public;

-- Triggers of one event fire in name order: this one before guard_contact_submission.
drop trigger if exists block_network_submission on public.contact_submissions;
create trigger block_network_submission
  before insert on public.contact_submissions
  for each row
  when (new.notified_via is distinct from 'booking')
  execute function private.refuse_blocked_submission();

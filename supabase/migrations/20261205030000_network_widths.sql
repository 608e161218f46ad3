-- The widths at which a caller's address is counted (decision 059), in one function. A client
-- key (private.client_key: an IPv4 address, or an IPv6 /64 as PostgreSQL writes a cidr) lies
-- inside wider blocks, each what someone is given or rents:
--   a home         an IPv6 /56 (what providers hand a household; IPv4 has no such level)
--   a network      an IPv6 /48 (a site, a business, a tunnel broker's customer) or an IPv4 /24
--                  (the smallest block routed and sold): decision 039's network
--   a provider     an IPv6 /32 or an IPv4 /16 (what a provider, a cloud or a tunnel broker
--                  holds and hands out: many networks of one attacker usually share it)
-- private.client_network (bookings) and private.client_block (the quarantine) were two copies
-- of the network level; both now ask this one. Safe to apply twice.

-- The block of the given width holding a client key: p_ipv6_bits for an IPv6 key, p_ipv4_bits
-- for an IPv4 one (null: that family has no such level). Null for null and for anything that is
-- not a client key.
create or replace function private.client_prefix(
  p_key text,
  p_ipv6_bits integer,
  p_ipv4_bits integer
)
  returns text language plpgsql immutable set search_path = ''
as $$
declare
  address inet;
  bits integer;
begin
  if p_key is null or p_key !~ '^[0-9A-Fa-f.:]+(/(32|64))?$' then
    return null;
  end if;
  begin
    address := p_key::inet;
  exception when others then
    return null;
  end;
  bits := case family(address) when 4 then p_ipv4_bits else p_ipv6_bits end;
  if bits is null or bits > masklen(address) then
    return null;
  end if;
  return network(set_masklen(address, bits))::text;
end
$$;
revoke all on function private.client_prefix(text, integer, integer) from public;

-- 20261128010000_blocked_networks.sql's, now the network level of the one function.
create or replace function private.client_network(p_key text)
  returns text language sql immutable set search_path = ''
as $$
  select private.client_prefix(p_key, 48, 24)
$$;
revoke all on function private.client_network(text) from public;

-- 20261128020200_counter_and_quarantine_shares.sql's, the same.
create or replace function private.client_block(p_key text)
  returns text language sql immutable set search_path = ''
as $$
  select private.client_prefix(p_key, 48, 24)
$$;
revoke all on function private.client_block(text) from public;

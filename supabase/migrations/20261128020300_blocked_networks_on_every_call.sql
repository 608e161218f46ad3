-- A network the company blocks from the desk (20261128010000_blocked_networks.sql) is refused
-- on every public call, not only when it books or sends the form: the free times, a token's
-- look-up, the page-view beacon, the functions and the bookings feed too. The call limits
-- (20261128020100_public_call_limits.sql) ask one question about a block, for the Node
-- server's tally (each server then refuses that caller itself, 403, for a minute before it
-- asks again) and for PostgREST's pre-request and the Edge Functions on hosted Supabase; the
-- desk's block list answers it now. Unknown callers ('') are never blocked. Safe to apply twice.

create or replace function private.is_caller_blocked(p_key text)
  returns boolean language sql stable set search_path = ''
as $$
  select private.is_network_blocked(nullif(p_key, ''))
$$;
revoke all on function private.is_caller_blocked(text) from public;

-- Every public call counted per caller, reads as well as writes (decision 040): the insert,
-- every function at /rest/v1/rpc, the Edge Functions, the form without script, the bookings
-- feed. A caller (an IPv4 address or an IPv6 /64, private.client_key; '' for every caller
-- whose address is not known, together) may make calls_per_minute calls in any 60 seconds,
-- all servers together; past that it is refused with 429 and Retry-After until its window
-- drains. The limits of 20261122000200_contact_guard.sql and the booking calls' own stay as
-- they are: this one is in front of them, so a call they would answer from the database
-- anyway (a free-times read, a manage token that opens nothing) cannot be repeated at will.
--
-- Who counts:
-- - the Node server counts in its memory, per caller, with no database write per call, and
--   adds what it counted to private.public_call_counts once a second
--   (private.tally_public_calls), reading back every server's total for the callers it saw:
--   several servers on one PostgreSQL share one budget per caller;
-- - on hosted Supabase PostgREST calls request_guard.count_call() before every request
--   (its db-pre-request, set below on the authenticator role), and the Edge Functions call
--   private.count_function_call(): each call is counted here, in its own transaction, and a
--   refused call leaves no count (the refusal rolls the count back).
-- Counts live one minute and are never backed up or replicated (an unlogged table): after a
-- crash a caller starts afresh, which costs nobody anything. Safe to apply twice.

alter table private.contact_settings
  -- PUBLIC_CALLS_PER_MINUTE and PUBLIC_CALLS_UNKNOWN_PER_MINUTE.
  add column if not exists calls_per_minute integer not null default 120,
  add column if not exists unknown_calls_per_minute integer not null default 1200;
alter table private.contact_settings
  drop constraint if exists contact_settings_calls_per_minute_check,
  add constraint contact_settings_calls_per_minute_check
    check (calls_per_minute between 1 and 1000000),
  drop constraint if exists contact_settings_unknown_calls_per_minute_check,
  add constraint contact_settings_unknown_calls_per_minute_check
    check (unknown_calls_per_minute between 1 and 1000000);

-- Calls per caller and minute, every server's together. A caller's window is read by its key
-- (the primary key's order), old minutes are deleted by the minute (the index).
create unlogged table if not exists private.public_call_counts (
  client_key text not null,
  minute timestamptz not null,
  calls integer not null check (calls >= 0),
  primary key (client_key, minute)
);
create index if not exists public_call_counts_minute_idx on private.public_call_counts (minute);
revoke all on table private.public_call_counts from public;

-- Whether the company has blocked this caller's network: the one question the call limits
-- ask about a block, for the Node server's guard and the SQL alike. Nobody is blocked until
-- the desk's block list answers here.
create or replace function private.is_caller_blocked(p_key text)
  returns boolean language sql stable set search_path = ''
as $$
  select false
$$;
revoke all on function private.is_caller_blocked(text) from public;

-- The calls a caller may make in any 60 seconds.
create or replace function private.public_call_limit(p_key text)
  returns integer language sql stable set search_path = ''
as $$
  select case when coalesce(p_key, '') = '' then c.unknown_calls_per_minute
              else c.calls_per_minute end
    from private.contact_settings c
$$;
revoke all on function private.public_call_limit(text) from public;

-- A caller's calls in the last 60 seconds, all servers together, as a sliding window over the
-- per-minute counts (this minute's, and the share of the last minute's that the window still
-- covers), and the seconds until it is under p_limit again if no more calls come (0 when it
-- is under already).
create or replace function private.public_call_window(p_key text, p_limit integer, p_now timestamptz)
  returns table (recent integer, retry_after integer)
  language sql stable set search_path = ''
as $$
  with now_minute as (
    select date_trunc('minute', p_now) as minute,
           extract(epoch from p_now - date_trunc('minute', p_now)) as elapsed
  ),
  counts as (
    select coalesce(sum(c.calls) filter (where c.minute = m.minute), 0)::numeric as current,
           coalesce(sum(c.calls) filter (where c.minute = m.minute - interval '1 minute'), 0)::numeric
             as previous,
           m.elapsed
      from now_minute m
      left join private.public_call_counts c
        on c.client_key = p_key and c.minute >= m.minute - interval '1 minute'
     group by m.elapsed
  )
  select floor(current + previous * (1 - elapsed / 60))::integer,
         case
           when current + previous * (1 - elapsed / 60) < p_limit then 0
           -- Past the limit this minute alone: the minute must end, then enough of it leave.
           when current >= p_limit then
             greatest(1, ceil(60 - elapsed + 60 * (1 - p_limit / current)))::integer
           else greatest(1, ceil(60 * (1 - (p_limit - current) / previous) - elapsed))::integer
         end
    from counts
$$;
revoke all on function private.public_call_window(text, integer, timestamptz) from public;

-- The Node servers' tally, once a second each: adds the calls each caller made through that
-- server since its last tally, and answers the limits and, for each caller named, every
-- server's calls in the window, when it may call again, and whether it is blocked. Rows are
-- written in key order, so two servers adding to the same callers never deadlock.
create or replace function private.tally_public_calls(p_keys text[], p_calls integer[])
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  settings private.contact_settings;
  this_minute timestamptz := date_trunc('minute', now());
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
    'unknown_per_minute', settings.unknown_calls_per_minute,
    'callers', coalesce((
      select jsonb_agg(jsonb_build_array(k.key, w.recent, w.retry_after,
                                         private.is_caller_blocked(k.key)))
        from (select distinct u.key from unnest(p_keys) as u (key) where u.key is not null) k
        cross join lateral private.public_call_window(
          k.key, private.public_call_limit(k.key), now()) w
    ), '[]'::jsonb));
end
$$;
revoke all on function private.tally_public_calls(text[], integer[]) from public;

-- One call, counted here (hosted Supabase: PostgREST's pre-request, the Edge Functions):
-- refused with 403 for a blocked network, and with 429 and Retry-After past the limit (the
-- refusal undoes the count, so refused calls cost the caller nothing more). The words are
-- the Node server's too (supabase/functions/_shared/call-limit-copy.ts).
create or replace function private.count_public_call(p_key text)
  returns void language plpgsql set search_path = ''
as $$
declare
  caller text := coalesce(p_key, '');
  allowed integer := private.public_call_limit(caller);
  counted record;
begin
  if private.is_caller_blocked(caller) then
    perform private.refuse(403, 'PT403',
      'Este endereço de internet foi bloqueado pela empresa. Fale conosco por e-mail ou telefone.');
  end if;
  insert into private.public_call_counts as c (client_key, minute, calls)
  values (caller, date_trunc('minute', now()), 1)
  on conflict (client_key, minute) do update set calls = c.calls + 1;
  select * into counted from private.public_call_window(caller, allowed, now());
  if counted.recent > allowed then
    perform private.refuse(429, 'PT429',
      case when caller = ''
        then 'Recebemos muitos pedidos agora. Aguarde um pouco e tente de novo.'
        else 'Muitos pedidos deste endereço em pouco tempo. Aguarde um pouco e tente de novo.' end,
      format('Tente de novo em %s segundo(s).', counted.retry_after),
      jsonb_build_object('Retry-After', counted.retry_after::text));
  end if;
end
$$;
revoke all on function private.count_public_call(text) from public;

-- An Edge Function's call, with the request's headers (the one the operator trusts names the
-- caller, decision 024).
create or replace function private.count_function_call(p_headers jsonb)
  returns void language sql set search_path = ''
as $$
  select private.count_public_call(private.client_key(private.client_address(
    coalesce(p_headers, '{}'::jsonb), c.client_address_header, c.client_address_hops)))
    from private.contact_settings c
$$;
revoke all on function private.count_function_call(jsonb) from public;

-- PostgREST's pre-request on hosted Supabase: every request anon (or a signed-in role) makes
-- is counted before it runs. A read-only transaction (GET and HEAD, which the site never
-- sends) cannot be counted, so it is refused; the functions the site reads with POST are
-- volatile below so that their POSTs run read-write and are counted.
-- PostgREST calls it as whichever role a request runs as (service_role too), so every role may;
-- it counts anon and authenticated only, and holds nothing else.
create schema if not exists request_guard;
grant usage on schema request_guard to public;

create or replace function request_guard.count_call()
  returns void language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return;
  end if;
  if current_setting('transaction_read_only') = 'on' then
    perform private.refuse(405, 'PT405',
      'Use POST: só pedidos que o banco de dados pode contar são atendidos.');
  end if;
  perform private.count_public_call(private.client_key(private.request_client_ip()));
end
$$;
grant execute on function request_guard.count_call() to public;

-- Reads the site makes with POST, read-write so the pre-request can count them (PostgREST runs
-- a POST to a stable function read-only). Their bodies are unchanged.
alter function public.booking_free_times() volatile;
alter function public.booking_details(text) volatile;

-- Where PostgREST runs (a database with its authenticator role), make this its pre-request,
-- unless the operator has one of their own (then say so: theirs must call this one).
do $$
declare
  configured text;
begin
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    return;
  end if;
  select substr(c, length('pgrst.db_pre_request=') + 1) into configured
    from pg_db_role_setting s
    join pg_roles r on r.oid = s.setrole and r.rolname = 'authenticator'
    cross join unnest(s.setconfig) c
   where s.setdatabase = 0 and c like 'pgrst.db_pre_request=%';
  if configured is not null and configured <> 'request_guard.count_call' then
    raise warning 'PostgREST already calls %() before each request: add "perform request_guard.count_call();" to it, or the public calls are not limited.', configured;
    return;
  end if;
  alter role authenticator set pgrst.db_pre_request = 'request_guard.count_call';
  notify pgrst, 'reload config';
exception when insufficient_privilege then
  raise warning 'Could not make request_guard.count_call() PostgREST''s pre-request (%): run "alter role authenticator set pgrst.db_pre_request = ''request_guard.count_call''; notify pgrst, ''reload config'';" as a role that may.', sqlerrm;
end
$$;

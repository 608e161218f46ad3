-- The receivers' list written in one statement meets each address once (decision 056). As
-- before (20261126000000_webhooks.sql), but an address listed twice is one receiver, with the
-- format it was given last: one insert may not update a row twice, and the list given to this
-- function (the Node server's WEBHOOK_URLS, or SQL typed on hosted Supabase) refused the whole
-- list for a repeated line. Safe to apply twice.
create or replace function private.sync_webhook_receivers(p_receivers jsonb)
  returns integer language plpgsql set search_path = ''
as $$
declare
  listed integer;
begin
  -- Two servers starting together write one list after the other.
  perform pg_advisory_xact_lock(7242120);
  insert into private.webhook_receivers as r (url, format)
  select distinct on (x.url) x.url, x.format
    from jsonb_array_elements(p_receivers) with ordinality as e(receiver, position),
         jsonb_to_record(e.receiver) as x(url text, format text)
   order by x.url, e.position desc
  on conflict (url) do update set format = excluded.format, active = true;
  update private.webhook_receivers r set active = false
   where r.active
     and r.url not in (select x.url from jsonb_to_recordset(p_receivers) as x(url text));
  select count(*) into listed from private.webhook_receivers r where r.active;
  return listed;
end
$$;
revoke all on function private.sync_webhook_receivers(jsonb) from public;

-- On hosted Supabase nothing of ours runs between requests, so pg_cron asks the
-- deliver-webhooks Edge Function (through pg_net) every minute to send what is due: POST
-- /functions/v1/deliver-webhooks with the scheduler's secret, through
-- private.request_edge_function (20261125000600_busy_calendar_import.sql): the same Vault
-- secrets and header as the mail sweep. Where pg_cron is not
-- available (PGlite, a plain PostgreSQL) nothing is scheduled: the Node server sweeps by itself.
-- Safe to apply twice.

create or replace function private.request_webhook_sweep()
  returns void language plpgsql set search_path = ''
as $$
begin
  -- Nothing to ask for while no receiver is listed (the common case): no call, no cost.
  if not exists (select 1 from private.webhook_receivers r where r.active) then
    return;
  end if;
  -- A sweep may wait for a slow receiver (15 s per request, 25 s per sweep): pg_net's default
  -- 5 s would record a timeout for a sweep that is still working.
  perform private.request_edge_function('deliver-webhooks', 60000);
end
$$;

revoke all on function private.request_webhook_sweep() from public;

select private.schedule_if_cron(
  'deliver-webhooks-sweep', '* * * * *', 'select private.request_webhook_sweep()'
);

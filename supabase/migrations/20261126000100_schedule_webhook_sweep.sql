-- On hosted Supabase nothing of ours runs between requests, so pg_cron asks the
-- deliver-webhooks Edge Function (through pg_net) every minute to send what is due: POST
-- /functions/v1/deliver-webhooks with the scheduler's secret, the same Vault secrets and
-- header as the mail sweep (20261124000210_mail_sweep_secret.sql): `project_url`,
-- `publishable_key`, `mail_sweep_secret`, sent as X-Mail-Sweep-Secret. Where pg_cron is not
-- available (PGlite, a plain PostgreSQL) nothing is scheduled: the Node server sweeps by itself.
-- Safe to apply twice.

create or replace function private.request_webhook_sweep()
  returns void language plpgsql set search_path = ''
as $$
declare
  project_url text;
  publishable_key text;
  sweep_secret text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not installed: the webhook sweep is not requested.';
    return;
  end if;
  -- Nothing to ask for while no receiver is listed (the common case): no call, no cost.
  if not exists (select 1 from private.webhook_receivers r where r.active) then
    return;
  end if;
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into project_url using 'project_url';
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into publishable_key using 'publishable_key';
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into sweep_secret using 'mail_sweep_secret';
  end if;
  if project_url is null or publishable_key is null or sweep_secret is null then
    raise warning 'Vault secrets project_url, publishable_key and mail_sweep_secret are not all set: see docs/deploy.md.';
    return;
  end if;
  -- A sweep may wait for a slow receiver (15 s per request, 25 s per sweep): pg_net's default
  -- 5 s would record a timeout for a sweep that is still working.
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
    using
      rtrim(project_url, '/') || '/functions/v1/deliver-webhooks',
      '{}'::jsonb,
      jsonb_build_object(
        'Content-Type', 'application/json',
        'apikey', publishable_key,
        'Authorization', 'Bearer ' || publishable_key,
        'X-Mail-Sweep-Secret', sweep_secret
      ),
      60000;
end
$$;

revoke all on function private.request_webhook_sweep() from public;

select private.schedule_if_cron(
  'deliver-webhooks-sweep', '* * * * *', 'select private.request_webhook_sweep()'
);

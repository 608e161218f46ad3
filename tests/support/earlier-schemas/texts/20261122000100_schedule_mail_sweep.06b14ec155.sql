-- On hosted Supabase nothing of ours runs between visits, so a lead whose e-mail failed would
-- wait forever. Every minute, pg_cron asks the Edge Function (through pg_net) to send what is
-- due: POST /functions/v1/send-contact-email/retry, the same sweep the Node server runs on a
-- timer. The function's address and publishable key come from Supabase Vault (the one manual
-- step: docs/deploy.md). Where pg_cron is not available (PGlite, a plain PostgreSQL) this does
-- nothing: the Node server sweeps by itself there. Safe to apply twice.

create or replace function private.request_mail_sweep()
  returns void
  language plpgsql
  set search_path = ''
as $$
declare
  project_url text;
  publishable_key text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not installed: the mail sweep is not requested.';
    return;
  end if;
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into project_url using 'project_url';
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into publishable_key using 'publishable_key';
  end if;
  if project_url is null or publishable_key is null then
    raise warning 'Vault secrets project_url and publishable_key are not set: see docs/deploy.md.';
    return;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3)'
    using
      rtrim(project_url, '/') || '/functions/v1/send-contact-email/retry',
      '{}'::jsonb,
      jsonb_build_object(
        'Content-Type', 'application/json',
        'apikey', publishable_key,
        'Authorization', 'Bearer ' || publishable_key
      );
end
$$;

revoke all on function private.request_mail_sweep() from public;

do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: no scheduled mail sweep (the Node server sweeps itself).';
    return;
  end if;
  begin
    create extension if not exists pg_cron;
  exception when others then
    -- Installed but not preloaded (shared_preload_libraries), for example.
    raise notice 'pg_cron could not be enabled (%): no scheduled mail sweep.', sqlerrm;
    return;
  end;
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  -- Scheduling under an existing name replaces that job, so applying twice keeps one.
  perform cron.schedule(
    'send-contact-email-sweep',
    '* * * * *',
    'select private.request_mail_sweep()'
  );
end
$$;

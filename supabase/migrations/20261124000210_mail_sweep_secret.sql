-- Only the scheduler may run the mail sweep (issue 18): POST …/send-contact-email/retry now
-- needs the secret the function knows as MAIL_SWEEP_SECRET, sent in the X-Mail-Sweep-Secret
-- header. pg_cron's job reads it from Supabase Vault as `mail_sweep_secret`, beside
-- `project_url` and `publishable_key` (docs/deploy.md). As 20261122000100 otherwise. Safe to
-- apply twice.

create or replace function private.request_mail_sweep()
  returns void language plpgsql set search_path = ''
as $$
declare
  project_url text;
  publishable_key text;
  sweep_secret text;
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
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into sweep_secret using 'mail_sweep_secret';
  end if;
  if project_url is null or publishable_key is null or sweep_secret is null then
    raise warning 'Vault secrets project_url, publishable_key and mail_sweep_secret are not all set: see docs/deploy.md.';
    return;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3)'
    using
      rtrim(project_url, '/') || '/functions/v1/send-contact-email/retry',
      '{}'::jsonb,
      jsonb_build_object(
        'Content-Type', 'application/json',
        'apikey', publishable_key,
        'Authorization', 'Bearer ' || publishable_key,
        'X-Mail-Sweep-Secret', sweep_secret
      );
end
$$;

revoke all on function private.request_mail_sweep() from public;

-- On hosted Supabase nothing of ours runs between requests: every minute pg_cron runs the watch
-- in SQL (overdue leads marked, incidents opened and closed, the weekly summary queued: the
-- same private.watch_pipeline() the Node server runs on its timer), then, when the company's
-- outbox holds something due, asks the watch-pipeline Edge Function to send it, and, when a
-- webhook is due, asks deliver-webhooks at once rather than at its own minute. Where pg_cron is
-- not available (PGlite, a plain PostgreSQL) nothing is scheduled. Safe to apply twice.

create or replace function private.run_pipeline_watch()
  returns jsonb language plpgsql security definer set search_path = ''
as $$
declare
  found jsonb := private.watch_pipeline();
begin
  if exists (select 1 from private.company_alerts a
              where a.sent_at is null and a.due_at <= now()
                and (a.claimed_until is null or a.claimed_until <= now())) then
    -- A summary is a handful of queries and one e-mail: well within 30 s.
    perform private.request_edge_function('watch-pipeline', 30000);
  end if;
  if exists (select 1 from private.webhook_deliveries d
              where d.delivered_at is null and d.failed_at is null and d.due_at <= now()
                and (d.claimed_until is null or d.claimed_until <= now())) then
    perform private.request_webhook_sweep();
  end if;
  return found;
end
$$;
revoke all on function private.run_pipeline_watch() from public;

select private.schedule_if_cron(
  'watch-pipeline', '* * * * *', 'select private.run_pipeline_watch()'
);

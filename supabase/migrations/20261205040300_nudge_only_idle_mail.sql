-- The watch's nudges never touch a lead e-mail being sent (issue 30, decision 060). While mail
-- fails, private.check_pipeline() (20261128120100_pipeline_watch.sql) makes the oldest failed
-- lead e-mail due each minute, and when mail is back it makes every failed one due. A lead's
-- claim moves next_notify_at to its lease's end with its last error still set, so a lead being
-- sent that moment looked like one waiting for its back-off: made due, claimed by another
-- server's sweep and sent twice (the pipeline watch's "mail down" test saw it). A lead whose
-- send has not finished is left to that send. Otherwise as before. Safe to apply twice.

create or replace function private.check_pipeline()
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  problems jsonb;
  problem record;
  incident private.pipeline_incidents;
  mail_was_failing boolean;
  opened integer := 0;
begin
  perform pg_advisory_xact_lock(20261128120100);
  problems := (select coalesce(jsonb_agg(to_jsonb(p)), '[]') from private.pipeline_problems() p);
  mail_was_failing := exists (select 1 from private.pipeline_incidents i
                               where i.kind = 'mail_failing' and i.resolved_at is null);

  for problem in
    select * from jsonb_to_recordset(problems) as p(kind text, subject text, since timestamptz,
      detail jsonb)
  loop
    update private.pipeline_incidents i
       set last_seen_at = now(), detail = problem.detail, since = least(i.since, problem.since)
     where i.kind = problem.kind and i.subject = problem.subject and i.resolved_at is null;
    if not found then
      insert into private.pipeline_incidents (kind, subject, detail, since)
      values (problem.kind, problem.subject, problem.detail, coalesce(problem.since, now()));
    end if;
  end loop;

  delete from private.pipeline_incidents i
   where i.resolved_at is null and i.opened_at is null
     and not exists (select 1 from jsonb_to_recordset(problems) as p(kind text, subject text)
                      where p.kind = i.kind and p.subject = i.subject);
  update private.pipeline_incidents i set resolved_at = now()
   where i.resolved_at is null
     and not exists (select 1 from jsonb_to_recordset(problems) as p(kind text, subject text)
                      where p.kind = i.kind and p.subject = i.subject);

  for incident in
    update private.pipeline_incidents i set opened_at = now()
     where i.resolved_at is null and i.opened_at is null
       and i.since <= now() - private.incident_grace(i.kind)
    returning i.*
  loop
    -- Mail down: the e-mail would not arrive. A receiver down: its own webhook would not.
    if incident.kind <> 'mail_failing' then
      insert into private.company_alerts (kind, incident_id) values ('incident', incident.id);
    end if;
    if incident.kind <> 'webhook_set_apart' then
      perform private.queue_webhook_event('pipeline.incident', null,
        jsonb_build_object('incident', private.webhook_incident(incident)));
    end if;
    opened := opened + 1;
  end loop;

  if exists (select 1 from private.mail_health h
              where h.failing_since is not null and h.last_failure_at < now() - interval '1 minute')
  then
    -- Mail has been failing and nothing tried it for a minute: one e-mail of each queue goes
    -- again now, and the first success ends the incident.
    update public.contact_submissions s set next_notify_at = now()
     where s.id = (select x.id from public.contact_submissions x
                    where x.notified_at is null and x.notify_refused_at is null
                      and x.notify_error is not null and x.next_notify_at > now()
                      and not exists (select 1 from private.mail_sends m
                                       where m.id = x.notify_send_id and m.finished_at is null)
                    order by x.next_notify_at limit 1);
    update private.booking_messages m set due_at = now()
     where m.id = (select x.id from private.booking_messages x
                    where x.sent_at is null and x.refused_at is null and x.failed_at is not null
                      and x.due_at > now() order by x.due_at limit 1);
    update private.company_alerts a set due_at = now()
     where a.id = (select x.id from private.company_alerts x
                    where x.sent_at is null and x.refused_at is null and x.failed_at is not null
                      and x.due_at > now() order by x.due_at limit 1);
  elsif mail_was_failing and not exists (select 1 from private.pipeline_incidents i
                                          where i.kind = 'mail_failing' and i.resolved_at is null)
  then
    -- Mail is back: what waited for a retry goes now, not after its back-off.
    update public.contact_submissions s set next_notify_at = now()
     where s.notified_at is null and s.notify_refused_at is null and s.notify_error is not null
       and s.next_notify_at > now()
       and not exists (select 1 from private.mail_sends m
                        where m.id = s.notify_send_id and m.finished_at is null);
    update private.booking_messages m set due_at = now()
     where m.sent_at is null and m.refused_at is null and m.failed_at is not null
       and m.due_at > now();
    update private.lead_replies r set due_at = now()
     where r.sent_at is null and r.refused_at is null and r.failed_at is not null
       and r.due_at > now();
    update private.company_alerts a set due_at = now()
     where a.sent_at is null and a.refused_at is null and a.failed_at is not null
       and a.due_at > now();
  end if;
  return opened;
end
$$;
revoke all on function private.check_pipeline() from public;

-- One back-off for every e-mail outbox (issue 31, decision 066). The lead e-mails
-- (private.finish_mail), the booking e-mails (private.finish_booking_mail), the replies from the
-- desk (private.finish_lead_reply) and the company's alerts as first written
-- (private.finish_company_alert) each wrote the doubling back-off out again; the capped
-- alerts (private.finish_alert_send, 20261205040000_outbox_turns.sql) already called the one
-- written there, private.outbox_backoff. Each now calls it, with the same number of failures it
-- counted before, so every retry falls due exactly when it did:
-- - a row with `attempts` (booking e-mails, replies, alerts) counts the attempt just made, the
--   claim having added it: 1 minute after the first failure, 2 after the second … 6 hours;
-- - a lead's notify_attempts is counted by the failure itself (it adds one in the same update,
--   whose right-hand sides read the row as it was): the failures are notify_attempts + 1.
-- The bounded exponent changes only what happened from the 39th failure on (a week of them):
-- the interval overflowed, the record failed with an error, and the row was tried again when
-- its lease ended, every 5 minutes; it now waits its 6 hours, as from the 10th failure. The
-- webhooks keep Standard Webhooks' schedule (private.webhook_retry_delay, decision 032):
-- receivers are promised it. Names, signatures and grants are as they were. Safe to apply
-- twice.

-- As in 20261124000200_mail_refusals.sql, the back-off the one above.
create or replace function private.finish_mail(p_send_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
declare
  send_kind text;
begin
  update private.mail_sends
     set finished_at = now(), ok = p_ok
   where id = p_send_id
  returning kind into send_kind;
  if p_ok then
    update public.contact_submissions
       set notified_at = now(), notified_via = send_kind, notify_attempts = notify_attempts + 1,
           next_notify_at = null, notify_error = null, notify_refused_at = null
     where notify_send_id = p_send_id and notified_at is null;
  else
    update public.contact_submissions
       set notify_attempts = notify_attempts + 1,
           next_notify_at = now() + private.outbox_backoff(notify_attempts + 1),
           notify_error = left(coalesce(p_error, 'unknown error'), 500),
           notify_refused_at = null
     where notify_send_id = p_send_id and notified_at is null;
  end if;
end
$$;
revoke all on function private.finish_mail(bigint, boolean, text) from public;

-- As in 20261125000400_booking_mail.sql, the back-off the one above.
create or replace function private.finish_booking_mail(p_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  if p_ok then
    update private.booking_messages m
       set sent_at = now(), manage_token = null, claimed_until = null,
           failed_at = null, last_error = null
     where m.id = p_id and m.sent_at is null;
  else
    update private.booking_messages m
       set failed_at = now(),
           last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + private.outbox_backoff(m.attempts),
           claimed_until = null
     where m.id = p_id and m.sent_at is null;
  end if;
end
$$;
revoke all on function private.finish_booking_mail(bigint, boolean, text) from public;

-- As in 20261128120000_reply_promise.sql, the back-off the one above. No sender of this site
-- calls it since the alerts go in sends (private.finish_alert_send); a hosted project's own
-- caller may still.
create or replace function private.finish_company_alert(p_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  if p_ok then
    update private.company_alerts a
       set sent_at = now(), claimed_until = null, failed_at = null, last_error = null
     where a.id = p_id and a.sent_at is null;
  else
    update private.company_alerts a
       set failed_at = now(), last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + private.outbox_backoff(a.attempts),
           claimed_until = null
     where a.id = p_id and a.sent_at is null;
  end if;
end
$$;
revoke all on function private.finish_company_alert(bigint, boolean, text) from public;

-- As in 20261128120000_reply_promise.sql, the back-off the one above.
create or replace function private.finish_lead_reply(p_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
declare
  answered uuid;
begin
  if p_ok then
    update private.lead_replies r
       set sent_at = now(), claimed_until = null, failed_at = null, last_error = null
     where r.id = p_id and r.sent_at is null
    returning r.lead_id into answered;
    update public.contact_submissions s
       set first_answered_at = now(), first_answer_via = 'resposta'
     where s.id = answered and s.first_answered_at is null;
  else
    update private.lead_replies r
       set failed_at = now(), last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + private.outbox_backoff(r.attempts),
           claimed_until = null
     where r.id = p_id and r.sent_at is null;
  end if;
end
$$;
revoke all on function private.finish_lead_reply(bigint, boolean, text) from public;

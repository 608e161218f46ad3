-- A reply the team has just sent from the desk is left to the request that sends it. The desk
-- queues the reply and then claims it by its id to send it while the team waits; the watch's
-- sweep (private.claim_lead_replies with no id) took every reply due, the fresh one too, so a
-- sweep running between the two took it first: the e-mail went out, and the team was told
-- "na fila" (queued) for a reply that was on its way. The sweep now takes a reply that was never
-- tried only once it is a minute old (a request that stopped between queueing and claiming),
-- as the contact mail's sweep waits for private.claim_due_mail's minimum age. Retries, whose
-- attempts are above zero, are due at their back-off as before. Safe to apply twice.

create or replace function private.claim_lead_replies(
  p_reply_id bigint, p_limit integer, p_lease_minutes integer
) returns setof private.lead_reply_claim language plpgsql set search_path = ''
as $$
begin
  return query
    with picked as (
      select r.id from private.lead_replies r
       where r.sent_at is null and r.due_at <= now()
         and (r.claimed_until is null or r.claimed_until <= now())
         and (p_reply_id is not null and r.id = p_reply_id
           or p_reply_id is null and (r.attempts > 0 or r.created_at <= now() - interval '1 minute'))
       order by r.due_at, r.id
       limit p_limit
         for update skip locked
    ), claimed as (
      update private.lead_replies r
         set claimed_until = now() + make_interval(mins => p_lease_minutes),
             attempts = r.attempts + 1
        from picked
       where r.id = picked.id
      returning r.*
    )
    select c.id, c.subject, c.body, s.id, s.created_at, s.name, s.email, s.company, s.message,
           private.is_address_confirmed(s.email)
      from claimed c join public.contact_submissions s on s.id = c.lead_id
     order by c.due_at, c.id;
end
$$;

revoke all on function private.claim_lead_replies(bigint, integer, integer) from public;

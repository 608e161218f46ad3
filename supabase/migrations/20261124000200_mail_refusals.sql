-- A lead whose own e-mail the mail server refuses for good (a 5xx to its content: it reads as
-- spam, say) is not retried for ever, and does not hold the leads sent with it hostage
-- (issue 18, decision 022). The delivery core splits a refused digest and sends its halves at
-- once (private.split_mail_send); a lead refused on its own is marked refused
-- (private.refuse_mail): it stays stored, the lead desk shows it as "recusado" with the mail
-- server's answer, and only a person's "re-send" tries it again. Safe to apply twice.

alter table public.contact_submissions
  add column if not exists notify_refused_at timestamptz;

-- As in 20261122000000, and a lead that goes out, or fails only for now, is not refused any
-- more (a re-send from the lead desk may follow a refusal).
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
           next_notify_at = now() + least(interval '6 hours',
             interval '1 minute' * power(2, notify_attempts)),
           notify_error = left(coalesce(p_error, 'unknown error'), 500),
           notify_refused_at = null
     where notify_send_id = p_send_id and notified_at is null;
  end if;
end
$$;

-- The mail server refused this send's content for good and it carried one lead: the lead is
-- marked refused with the server's answer. It is never due again ('infinity' is past every
-- claim's "next_notify_at <= now()"), so neither the sweep nor the visitor's request sends
-- it; private.claim_lead_mail (the lead desk's re-send) still may.
create or replace function private.refuse_mail(p_send_id bigint, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  update private.mail_sends set finished_at = now(), ok = false where id = p_send_id;
  update public.contact_submissions
     set notify_attempts = notify_attempts + 1,
         next_notify_at = 'infinity',
         notify_error = left(coalesce(p_error, 'refused'), 500),
         notify_refused_at = now()
   where notify_send_id = p_send_id and notified_at is null;
end
$$;

-- A digest whose content was refused for good is split: this moves the given leads, those
-- still waiting on it, to a new digest send with a fresh lease and returns them as claims.
-- The refused send ends as failed (it never reached the inbox, so it neither counts as the
-- digest's turn nor against the cap). Parts are digests: the hourly cap of single e-mails
-- holds, and parts that go out count as that digest's turn.
create or replace function private.split_mail_send(
  p_send_id bigint,
  p_ids uuid[],
  p_lease_minutes integer
)
  returns setof private.mail_claim language plpgsql set search_path = ''
as $$
declare
  new_send bigint;
  moved integer;
begin
  update private.mail_sends
     set finished_at = coalesce(finished_at, now()), ok = false
   where id = p_send_id;
  insert into private.mail_sends (kind) values ('digest') returning id into new_send;
  return query
    update public.contact_submissions s
       set next_notify_at = now() + make_interval(mins => p_lease_minutes),
           notify_send_id = new_send
     where s.id = any(p_ids) and s.notify_send_id = p_send_id and s.notified_at is null
    returning 'claimed'::text, 'digest'::text, new_send, s.id, s.created_at, s.name, s.email,
      s.company, s.message;
  get diagnostics moved = row_count;
  if moved = 0 then
    delete from private.mail_sends where id = new_send;
  else
    update private.mail_sends set leads = moved where id = new_send;
  end if;
end
$$;

-- As in 20261122000300, and a re-send clears an earlier refusal while it is tried.
create or replace function private.claim_lead_mail(p_id uuid, p_lease_minutes integer)
  returns setof private.mail_claim language plpgsql set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(7242010);
  if not exists (select 1 from public.contact_submissions s where s.id = p_id) then
    return query select 'not_found'::text, null::text, null::bigint, null::uuid,
      null::timestamptz, null::text, null::text, null::text, null::text;
    return;
  end if;
  if exists (
    select 1 from public.contact_submissions s
      join private.mail_sends m on m.id = s.notify_send_id
     where s.id = p_id and s.notified_at is null and m.finished_at is null
       and s.next_notify_at > now()
  ) then
    return query select 'busy'::text, null::text, null::bigint, p_id,
      null::timestamptz, null::text, null::text, null::text, null::text;
    return;
  end if;
  update public.contact_submissions s
     set notified_at = null, notified_via = null, notify_error = null, notify_refused_at = null
   where s.id = p_id;
  return query select * from private.open_single_send(p_id, p_lease_minutes);
end
$$;

-- As in 20261122000300, with "recusado" for a lead refused for good.
create or replace view private.leads_export as
  select
    to_char(s.created_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') as data,
    s.name as nome,
    s.email as email,
    s.company as empresa,
    s.message as mensagem,
    case s.lead_status
      when 'em_contato' then 'em contato'
      else s.lead_status
    end as situacao,
    case
      when s.notified_at is not null then 'enviado'
      when s.notify_refused_at is not null then 'recusado'
      when s.notify_error is not null then 'falhou'
      else 'pendente'
    end as envio,
    s.notify_error as erro_de_envio,
    s.desk_note as nota,
    s.created_at
  from public.contact_submissions s
  order by s.created_at desc, s.id desc;

revoke all on table private.leads_export from public, anon, authenticated;
revoke all on function private.finish_mail(bigint, boolean, text) from public;
revoke all on function private.refuse_mail(bigint, text) from public;
revoke all on function private.split_mail_send(bigint, uuid[], integer) from public;
revoke all on function private.claim_lead_mail(uuid, integer) from public;

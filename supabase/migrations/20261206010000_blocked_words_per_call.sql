-- A blocked network is told one thing for one call, whichever layer sees the block first
-- (decision 082). The booking calls and the contact form check the block list themselves, in
-- words of their own (decision 039: "Não é possível agendar a partir desta rede…", `details`
-- network_blocked; "Não é possível enviar mensagens a partir desta rede…"), while the guard in
-- front of every call (private.count_public_call: PostgREST's pre-request on hosted Supabase,
-- the Edge Functions' count) refused them first with the generic "Este endereço de internet foi
-- bloqueado pela empresa…". So on hosted Supabase a blocked visitor never saw the booking page's
-- words, and on the Node server, which learns the block list once a second, the words changed
-- with the moment of the block. The guard now words the block as the call would:
-- private.blocked_call_refusal, by the end of `request.path` (PostgREST's `/rpc/book_meeting`,
-- the Node server's `/rest/v1/rpc/book_meeting`), as blockedCallOf in call-limit-copy.ts does.
-- Safe to apply twice.

create or replace function private.blocked_call_refusal()
  returns void language plpgsql set search_path = ''
as $$
declare
  path text := coalesce(current_setting('request.path', true), '');
begin
  if path ~ '/rpc/(book_meeting|confirm_booking|cancel_booking|reschedule_booking)$' then
    perform private.refuse_blocked_booking();
  elsif path ~ '/(contact_submissions|submit-contact-form)$' then
    perform private.refuse(403, 'PT403',
      'Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.');
  end if;
  perform private.refuse(403, 'PT403',
    'Este endereço de internet foi bloqueado pela empresa. Fale conosco por e-mail ou telefone.');
end
$$;
revoke all on function private.blocked_call_refusal() from public;

create or replace function private.count_public_call(p_key text)
  returns void language plpgsql set search_path = ''
as $$
declare
  caller text := coalesce(p_key, '');
  keys text[] := private.call_limit_keys(caller);
  level text;
  allowed integer;
  counted record;
  refused_key text;
  wait integer := 0;
begin
  if private.is_caller_blocked(caller) then
    perform private.blocked_call_refusal();
  end if;
  -- Rows in key order, as the tally writes them: two calls of one /48 never deadlock.
  insert into private.public_call_counts as c (client_key, minute, calls)
  select k.key, date_trunc('minute', now()), 1 from unnest(keys) as k (key) order by k.key
  on conflict (client_key, minute) do update set calls = c.calls + 1;
  foreach level in array keys loop
    allowed := private.public_call_limit(level);
    select * into counted from private.public_call_window(level, allowed, now());
    if counted.recent > allowed and counted.retry_after >= wait then
      refused_key := level;
      wait := counted.retry_after;
    end if;
  end loop;
  if refused_key is not null then
    perform private.refuse(429, 'PT429',
      case when caller = ''
        then 'Recebemos muitos pedidos agora. Aguarde um pouco e tente de novo.'
        when refused_key = caller
        then 'Muitos pedidos deste endereço em pouco tempo. Aguarde um pouco e tente de novo.'
        else 'Muitos pedidos desta rede em pouco tempo. Aguarde um pouco e tente de novo.' end,
      format('Tente de novo em %s segundo(s).', wait),
      jsonb_build_object('Retry-After', wait::text));
  end if;
end
$$;
revoke all on function private.count_public_call(text) from public;

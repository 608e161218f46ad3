-- supabase/schema.sql: every schema, type, table, view, function, trigger, policy and grant the
-- migrations make, as a new database has them after the last one. Read it to learn what the
-- database is today; change the database with a new file in supabase/migrations/.
--
-- Generated: do not edit. `npm run schema:dump` writes it again (scripts/schema-dump.ts), and
-- tests/integration/schema-file.test.ts fails while it differs from what the migrations make.
--
-- Migrations: 56, up to 20261206020000_one_claim_per_receiver.sql.
-- Made by: pg_dump --schema-only --no-owner (PostgreSQL 15) of a new database on
-- PostgreSQL 15, after the server's start-up: Supabase's roles where missing
-- (server/db/supabase-roles.ts), then every migration (server/db/migrate.ts, whose ledger is
-- app_private.app_migrations). Each object appears once, as the last migration that touched it
-- left it. Grouped for reading, not in the order PostgreSQL would run it: by schema, then kind,
-- then name, each table, view or function followed by its constraints, indexes, triggers,
-- policies, comments and grants.
-- Not here: Supabase's roles (anon, authenticated, service_role) and its own schemas (auth,
-- storage, …); the rows the migrations insert (the settings tables' defaults); pg_cron, pg_net
-- and the jobs the migrations schedule through private.schedule_if_cron where pg_cron runs
-- (hosted Supabase).
--
-- Contents
--   app_private: 1 table
--   private: 5 types, 43 tables, 3 views, 183 functions
--   public: 2 tables, 7 functions
--   request_guard: 1 function


-- =================================================================================================
-- Schema app_private
-- =================================================================================================


CREATE SCHEMA app_private;


-- Table app_private.app_migrations

CREATE TABLE app_private.app_migrations (
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL,
    checksum text,
    app_version text
);

ALTER TABLE ONLY app_private.app_migrations
    ADD CONSTRAINT app_migrations_pkey PRIMARY KEY (name);


-- =================================================================================================
-- Schema private
-- =================================================================================================


CREATE SCHEMA private;


-- Type private.booking_mail_claim

CREATE TYPE private.booking_mail_claim AS (
	message_id bigint,
	kind text,
	recipient text,
	sequence integer,
	manage_token text,
	booking_id uuid,
	lead_id uuid,
	status text,
	starts_at timestamp with time zone,
	ends_at timestamp with time zone,
	name text,
	email text,
	company text,
	note text,
	time_zone text,
	company_time_zone text,
	meeting_url text,
	cancelled_by text,
	cancel_message text,
	hold_until timestamp with time zone
);


-- Type private.company_alert_claim

CREATE TYPE private.company_alert_claim AS (
	alert_id bigint,
	kind text,
	lead_id uuid,
	incident_id bigint,
	week text,
	send_id bigint,
	send_kind text
);


-- Type private.lead_reply_claim

CREATE TYPE private.lead_reply_claim AS (
	reply_id bigint,
	subject text,
	body text,
	lead_id uuid,
	created_at timestamp with time zone,
	name text,
	email text,
	company text,
	message text,
	email_confirmed boolean
);


-- Type private.mail_claim

CREATE TYPE private.mail_claim AS (
	outcome text,
	kind text,
	send_id bigint,
	submission_id uuid,
	created_at timestamp with time zone,
	name text,
	email text,
	company text,
	message text
);


-- Type private.webhook_claim

CREATE TYPE private.webhook_claim AS (
	delivery_id bigint,
	event_id text,
	attempts integer,
	payload jsonb,
	url text,
	format text,
	secret text,
	send_id bigint,
	send_kind text
);


-- Table private.answer_week_medians

CREATE TABLE private.answer_week_medians (
    time_zone text NOT NULL,
    monday date NOT NULL,
    median_seconds double precision
);

ALTER TABLE ONLY private.answer_week_medians
    ADD CONSTRAINT answer_week_medians_pkey PRIMARY KEY (time_zone, monday);


-- Table private.backup_runs

CREATE TABLE private.backup_runs (
    id bigint NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    ok boolean,
    via text NOT NULL,
    runner text NOT NULL,
    claimed_until timestamp with time zone,
    file text,
    bytes bigint,
    leads integer,
    copied boolean,
    error text,
    CONSTRAINT backup_runs_bytes_check CHECK ((bytes >= 0)),
    CONSTRAINT backup_runs_error_check CHECK ((char_length(error) <= 2000)),
    CONSTRAINT backup_runs_leads_check CHECK ((leads >= 0)),
    CONSTRAINT backup_runs_via_check CHECK ((via = ANY (ARRAY['agenda'::text, 'comando'::text])))
);

ALTER TABLE private.backup_runs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.backup_runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.backup_runs
    ADD CONSTRAINT backup_runs_pkey PRIMARY KEY (id);

CREATE INDEX backup_runs_started_idx ON private.backup_runs USING btree (started_at DESC);


-- Table private.backup_schedule

CREATE TABLE private.backup_schedule (
    singleton boolean DEFAULT true NOT NULL,
    first_checked_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT backup_schedule_singleton_check CHECK (singleton)
);

ALTER TABLE ONLY private.backup_schedule
    ADD CONSTRAINT backup_schedule_pkey PRIMARY KEY (singleton);


-- Table private.blocked_networks

CREATE TABLE private.blocked_networks (
    network cidr NOT NULL,
    reason text,
    blocked_at timestamp with time zone DEFAULT now() NOT NULL,
    blocked_until timestamp with time zone,
    CONSTRAINT blocked_networks_reason_check CHECK ((char_length(reason) <= 200)),
    CONSTRAINT blocked_networks_size_check CHECK ((((family((network)::inet) = 4) AND (masklen((network)::inet) >= 16)) OR ((family((network)::inet) = 6) AND (masklen((network)::inet) >= 32))))
);

ALTER TABLE ONLY private.blocked_networks
    ADD CONSTRAINT blocked_networks_pkey PRIMARY KEY (network);

CREATE INDEX blocked_networks_network_idx ON private.blocked_networks USING gist (network inet_ops);


-- Table private.booking_closed_days

CREATE TABLE private.booking_closed_days (
    day date NOT NULL,
    reason text,
    CONSTRAINT booking_closed_days_reason_check CHECK ((char_length(reason) <= 200))
);

ALTER TABLE ONLY private.booking_closed_days
    ADD CONSTRAINT booking_closed_days_pkey PRIMARY KEY (day);

CREATE TRIGGER forget_tallies_of_closed_day AFTER INSERT OR DELETE OR UPDATE ON private.booking_closed_days FOR EACH ROW EXECUTE FUNCTION private.forget_tallies_of_office_hours();

CREATE TRIGGER release_holds_of_closed_day AFTER INSERT OR UPDATE OF day ON private.booking_closed_days FOR EACH ROW EXECUTE FUNCTION private.release_holds_of_closed_day();


-- Table private.booking_feed_token

CREATE TABLE private.booking_feed_token (
    id boolean DEFAULT true NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT booking_feed_token_id_check CHECK (id),
    CONSTRAINT booking_feed_token_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE ONLY private.booking_feed_token
    ADD CONSTRAINT booking_feed_token_pkey PRIMARY KEY (id);


-- Table private.booking_messages

CREATE TABLE private.booking_messages (
    id bigint NOT NULL,
    booking_id uuid NOT NULL,
    kind text NOT NULL,
    recipient text NOT NULL,
    sequence integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    due_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    sent_at timestamp with time zone,
    failed_at timestamp with time zone,
    last_error text,
    manage_token text,
    refused_at timestamp with time zone,
    CONSTRAINT booking_messages_kind_check CHECK ((kind = ANY (ARRAY['request'::text, 'confirmation'::text, 'reminder'::text, 'update'::text, 'cancellation'::text]))),
    CONSTRAINT booking_messages_manage_token_check CHECK (((manage_token IS NULL) OR ((manage_token ~ '^[0-9a-f]{64}$'::text) AND (recipient = 'visitor'::text)))),
    CONSTRAINT booking_messages_recipient_check CHECK ((recipient = ANY (ARRAY['visitor'::text, 'company'::text])))
);

ALTER TABLE private.booking_messages ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.booking_messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.booking_messages
    ADD CONSTRAINT booking_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.booking_messages
    ADD CONSTRAINT booking_messages_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

CREATE INDEX booking_messages_booking_idx ON private.booking_messages USING btree (booking_id);

CREATE INDEX booking_messages_due_idx ON private.booking_messages USING btree (due_at) WHERE (sent_at IS NULL);


-- Table private.booking_requests

CREATE TABLE private.booking_requests (
    recipient_hash text NOT NULL,
    requested_at timestamp with time zone NOT NULL
);

CREATE INDEX booking_requests_recipient_idx ON private.booking_requests USING btree (recipient_hash, requested_at);


-- Table private.booking_settings

CREATE TABLE private.booking_settings (
    id boolean DEFAULT true NOT NULL,
    time_zone text DEFAULT 'America/Sao_Paulo'::text NOT NULL,
    weekdays integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
    opens time without time zone DEFAULT '09:00:00'::time without time zone NOT NULL,
    closes time without time zone DEFAULT '18:00:00'::time without time zone NOT NULL,
    slot_minutes integer DEFAULT 30 NOT NULL,
    min_notice_hours integer DEFAULT 4 NOT NULL,
    horizon_days integer DEFAULT 21 NOT NULL,
    buffer_minutes integer DEFAULT 15 NOT NULL,
    max_per_day integer DEFAULT 4 NOT NULL,
    per_address_per_day integer DEFAULT 3 NOT NULL,
    unknown_addresses_per_day integer DEFAULT 12 NOT NULL,
    close_on_carnaval boolean DEFAULT true NOT NULL,
    close_on_corpus_christi boolean DEFAULT true NOT NULL,
    meeting_url text,
    hold_minutes integer DEFAULT 30 NOT NULL,
    per_network_per_day integer DEFAULT 6 NOT NULL,
    holds_per_network integer DEFAULT 2 NOT NULL,
    upcoming_per_network integer DEFAULT 6 NOT NULL,
    requests_per_email_per_day integer DEFAULT 3 NOT NULL,
    holds_per_provider integer DEFAULT 4 NOT NULL,
    CONSTRAINT booking_settings_buffer_minutes_check CHECK (((buffer_minutes >= 0) AND (buffer_minutes <= 240))),
    CONSTRAINT booking_settings_hold_minutes_check CHECK (((hold_minutes >= 5) AND (hold_minutes <= 1440))),
    CONSTRAINT booking_settings_holds_per_network_check CHECK ((holds_per_network >= 1)),
    CONSTRAINT booking_settings_holds_per_provider_check CHECK ((holds_per_provider >= 1)),
    CONSTRAINT booking_settings_horizon_days_check CHECK (((horizon_days >= 1) AND (horizon_days <= 366))),
    CONSTRAINT booking_settings_hours_check CHECK (((closes > opens) AND (EXTRACT(epoch FROM (closes - opens)) >= ((slot_minutes * 60))::numeric))),
    CONSTRAINT booking_settings_id_check CHECK (id),
    CONSTRAINT booking_settings_max_per_day_check CHECK (((max_per_day >= 1) AND (max_per_day <= 100))),
    CONSTRAINT booking_settings_meeting_url_check CHECK (((meeting_url ~ '^https://[^\s]+$'::text) AND (char_length(meeting_url) <= 500))),
    CONSTRAINT booking_settings_min_notice_hours_check CHECK (((min_notice_hours >= 0) AND (min_notice_hours <= 720))),
    CONSTRAINT booking_settings_per_address_per_day_check CHECK ((per_address_per_day >= 1)),
    CONSTRAINT booking_settings_per_network_per_day_check CHECK ((per_network_per_day >= 1)),
    CONSTRAINT booking_settings_requests_per_email_per_day_check CHECK (((requests_per_email_per_day >= 1) AND (requests_per_email_per_day <= 10))),
    CONSTRAINT booking_settings_slot_minutes_check CHECK (((slot_minutes >= 5) AND (slot_minutes <= 240))),
    CONSTRAINT booking_settings_time_zone_check CHECK (private.is_time_zone(time_zone)),
    CONSTRAINT booking_settings_unknown_addresses_per_day_check CHECK ((unknown_addresses_per_day >= 1)),
    CONSTRAINT booking_settings_upcoming_per_network_check CHECK ((upcoming_per_network >= 1)),
    CONSTRAINT booking_settings_weekdays_check CHECK ((((cardinality(weekdays) >= 1) AND (cardinality(weekdays) <= 7)) AND (weekdays <@ '{1,2,3,4,5,6,7}'::integer[])))
);

ALTER TABLE ONLY private.booking_settings
    ADD CONSTRAINT booking_settings_pkey PRIMARY KEY (id);

CREATE TRIGGER forget_tallies_of_office_hours AFTER UPDATE ON private.booking_settings FOR EACH ROW WHEN (((old.time_zone IS DISTINCT FROM new.time_zone) OR (old.weekdays IS DISTINCT FROM new.weekdays) OR (old.opens IS DISTINCT FROM new.opens) OR (old.closes IS DISTINCT FROM new.closes) OR (old.close_on_carnaval IS DISTINCT FROM new.close_on_carnaval) OR (old.close_on_corpus_christi IS DISTINCT FROM new.close_on_corpus_christi))) EXECUTE FUNCTION private.forget_tallies_of_office_hours();


-- Table private.busy_feed_status

CREATE TABLE private.busy_feed_status (
    id boolean DEFAULT true NOT NULL,
    last_success_at timestamp with time zone,
    last_error_at timestamp with time zone,
    last_error text,
    events integer,
    CONSTRAINT busy_feed_status_id_check CHECK (id)
);

ALTER TABLE ONLY private.busy_feed_status
    ADD CONSTRAINT busy_feed_status_pkey PRIMARY KEY (id);


-- Table private.busy_times

CREATE TABLE private.busy_times (
    id bigint NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    source_uid text,
    imported_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT busy_times_times_check CHECK ((starts_at < ends_at))
);

ALTER TABLE private.busy_times ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.busy_times_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.busy_times
    ADD CONSTRAINT busy_times_pkey PRIMARY KEY (id);

CREATE INDEX busy_times_range_idx ON private.busy_times USING gist (tstzrange(starts_at, ends_at));


-- Table private.company_alerts

CREATE TABLE private.company_alerts (
    id bigint NOT NULL,
    kind text NOT NULL,
    lead_id uuid,
    incident_id bigint,
    week date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    due_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    sent_at timestamp with time zone,
    failed_at timestamp with time zone,
    refused_at timestamp with time zone,
    last_error text,
    send_id bigint,
    CONSTRAINT company_alerts_kind_check CHECK ((kind = ANY (ARRAY['lead_overdue'::text, 'incident'::text, 'weekly_summary'::text]))),
    CONSTRAINT company_alerts_last_error_check CHECK ((char_length(last_error) <= 500)),
    CONSTRAINT company_alerts_subject_check CHECK ((((kind = 'lead_overdue'::text) AND (lead_id IS NOT NULL)) OR ((kind = 'incident'::text) AND (incident_id IS NOT NULL)) OR ((kind = 'weekly_summary'::text) AND (week IS NOT NULL))))
);

ALTER TABLE private.company_alerts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.company_alerts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.company_alerts
    ADD CONSTRAINT company_alerts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.company_alerts
    ADD CONSTRAINT company_alerts_incident_fkey FOREIGN KEY (incident_id) REFERENCES private.pipeline_incidents(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.company_alerts
    ADD CONSTRAINT company_alerts_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE INDEX company_alerts_due_idx ON private.company_alerts USING btree (due_at) WHERE (sent_at IS NULL);

CREATE INDEX company_alerts_lead_idx ON private.company_alerts USING btree (lead_id);

CREATE UNIQUE INDEX company_alerts_one_summary_idx ON private.company_alerts USING btree (week) WHERE (kind = 'weekly_summary'::text);

CREATE INDEX company_alerts_send_idx ON private.company_alerts USING btree (send_id) WHERE (sent_at IS NULL);


-- Table private.contact_settings

CREATE TABLE private.contact_settings (
    id boolean DEFAULT true NOT NULL,
    mail_per_hour integer DEFAULT 20 NOT NULL,
    digest_every_minutes integer DEFAULT 15 NOT NULL,
    digest_max_leads integer DEFAULT 200 NOT NULL,
    per_address_limit integer DEFAULT 10 NOT NULL,
    unknown_address_limit integer DEFAULT 60 NOT NULL,
    window_minutes integer DEFAULT 10 NOT NULL,
    rows_per_request integer DEFAULT 1 NOT NULL,
    min_fill_ms integer DEFAULT 3000 NOT NULL,
    retention_days integer,
    client_address_header text DEFAULT 'cf-connecting-ip'::text,
    client_address_hops integer DEFAULT 1 NOT NULL,
    quarantine_days integer DEFAULT 14 NOT NULL,
    quarantine_max_entries integer DEFAULT 500 NOT NULL,
    page_views_per_minute integer DEFAULT 600 NOT NULL,
    page_view_sources_per_day integer DEFAULT 200 NOT NULL,
    calls_per_minute integer DEFAULT 120 NOT NULL,
    unknown_calls_per_minute integer DEFAULT 1200 NOT NULL,
    calls_per_56_per_minute integer DEFAULT 180 NOT NULL,
    calls_per_48_per_minute integer DEFAULT 240 NOT NULL,
    per_home_limit integer DEFAULT 20 NOT NULL,
    per_network_limit integer DEFAULT 60 NOT NULL,
    CONSTRAINT contact_settings_calls_per_48_per_minute_check CHECK (((calls_per_48_per_minute >= 1) AND (calls_per_48_per_minute <= 1000000))),
    CONSTRAINT contact_settings_calls_per_56_per_minute_check CHECK (((calls_per_56_per_minute >= 1) AND (calls_per_56_per_minute <= 1000000))),
    CONSTRAINT contact_settings_calls_per_minute_check CHECK (((calls_per_minute >= 1) AND (calls_per_minute <= 1000000))),
    CONSTRAINT contact_settings_client_address_header_check CHECK ((client_address_header ~ '^[a-z0-9-]{1,100}$'::text)),
    CONSTRAINT contact_settings_client_address_hops_check CHECK (((client_address_hops >= 1) AND (client_address_hops <= 20))),
    CONSTRAINT contact_settings_digest_every_minutes_check CHECK ((digest_every_minutes >= 1)),
    CONSTRAINT contact_settings_digest_max_leads_check CHECK ((digest_max_leads >= 1)),
    CONSTRAINT contact_settings_id_check CHECK (id),
    CONSTRAINT contact_settings_mail_per_hour_check CHECK ((mail_per_hour >= 0)),
    CONSTRAINT contact_settings_min_fill_ms_check CHECK ((min_fill_ms >= 0)),
    CONSTRAINT contact_settings_page_view_sources_per_day_check CHECK (((page_view_sources_per_day >= 0) AND (page_view_sources_per_day <= 100000))),
    CONSTRAINT contact_settings_page_views_per_minute_check CHECK (((page_views_per_minute >= 0) AND (page_views_per_minute <= 1000000))),
    CONSTRAINT contact_settings_per_address_limit_check CHECK ((per_address_limit >= 1)),
    CONSTRAINT contact_settings_per_home_limit_check CHECK ((per_home_limit >= 1)),
    CONSTRAINT contact_settings_per_network_limit_check CHECK ((per_network_limit >= 1)),
    CONSTRAINT contact_settings_quarantine_days_check CHECK (((quarantine_days >= 1) AND (quarantine_days <= 3650))),
    CONSTRAINT contact_settings_quarantine_max_entries_check CHECK ((quarantine_max_entries >= 0)),
    CONSTRAINT contact_settings_retention_days_check CHECK ((retention_days >= 1)),
    CONSTRAINT contact_settings_rows_per_request_check CHECK ((rows_per_request >= 1)),
    CONSTRAINT contact_settings_unknown_address_limit_check CHECK ((unknown_address_limit >= 1)),
    CONSTRAINT contact_settings_unknown_calls_per_minute_check CHECK (((unknown_calls_per_minute >= 1) AND (unknown_calls_per_minute <= 1000000))),
    CONSTRAINT contact_settings_window_minutes_check CHECK ((window_minutes >= 1))
);

ALTER TABLE ONLY private.contact_settings
    ADD CONSTRAINT contact_settings_pkey PRIMARY KEY (id);


-- Table private.desk_devices

CREATE TABLE private.desk_devices (
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

ALTER TABLE ONLY private.desk_devices
    ADD CONSTRAINT desk_devices_pkey PRIMARY KEY (token_hash);


-- Table private.desk_login_failures

CREATE TABLE private.desk_login_failures (
    id bigint NOT NULL,
    client_key text NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL,
    device_hash text
);

ALTER TABLE private.desk_login_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.desk_login_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.desk_login_failures
    ADD CONSTRAINT desk_login_failures_pkey PRIMARY KEY (id);

CREATE INDEX desk_login_failures_device_idx ON private.desk_login_failures USING btree (device_hash, failed_at) WHERE (device_hash IS NOT NULL);

CREATE INDEX desk_login_failures_key_idx ON private.desk_login_failures USING btree (client_key, failed_at);

CREATE INDEX desk_login_failures_unknown_idx ON private.desk_login_failures USING btree (failed_at) WHERE (device_hash IS NULL);


-- Table private.desk_password

CREATE TABLE private.desk_password (
    singleton boolean DEFAULT true NOT NULL,
    fingerprint text,
    plain_salt text NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    cookie_key text,
    CONSTRAINT desk_password_singleton_check CHECK (singleton)
);

ALTER TABLE ONLY private.desk_password
    ADD CONSTRAINT desk_password_pkey PRIMARY KEY (singleton);


-- Table private.desk_sessions

CREATE TABLE private.desk_sessions (
    token_hash text NOT NULL,
    csrf_token text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    lead_filter jsonb DEFAULT '{}'::jsonb NOT NULL,
    password_fingerprint text
);

ALTER TABLE ONLY private.desk_sessions
    ADD CONSTRAINT desk_sessions_pkey PRIMARY KEY (token_hash);


-- Table private.dropped_submissions

CREATE TABLE private.dropped_submissions (
    id bigint NOT NULL,
    reason text NOT NULL,
    dropped_at timestamp with time zone DEFAULT now() NOT NULL,
    dropped_because text,
    CONSTRAINT dropped_submissions_dropped_because_check CHECK ((dropped_because = ANY (ARRAY['invalid_fields'::text, 'quarantine_full'::text]))),
    CONSTRAINT dropped_submissions_reason_check CHECK ((reason = ANY (ARRAY['trap_filled'::text, 'too_fast'::text])))
);

ALTER TABLE private.dropped_submissions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.dropped_submissions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.dropped_submissions
    ADD CONSTRAINT dropped_submissions_pkey PRIMARY KEY (id);


-- Table private.erasure_key

CREATE TABLE private.erasure_key (
    singleton boolean DEFAULT true NOT NULL,
    key text NOT NULL,
    CONSTRAINT erasure_key_singleton_check CHECK (singleton)
);

ALTER TABLE ONLY private.erasure_key
    ADD CONSTRAINT erasure_key_pkey PRIMARY KEY (singleton);


-- Table private.erasures

CREATE TABLE private.erasures (
    kind text NOT NULL,
    key text NOT NULL,
    digest text NOT NULL,
    erased_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT erasures_digest_check CHECK ((digest ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT erasures_kind_check CHECK ((kind = ANY (ARRAY['email'::text, 'lead'::text])))
);

ALTER TABLE ONLY private.erasures
    ADD CONSTRAINT erasures_pkey PRIMARY KEY (kind, key, digest);


-- Table private.incident_dismissals

CREATE TABLE private.incident_dismissals (
    kind text NOT NULL,
    subject text DEFAULT ''::text NOT NULL,
    dismissed_at timestamp with time zone NOT NULL
);

ALTER TABLE ONLY private.incident_dismissals
    ADD CONSTRAINT incident_dismissals_pkey PRIMARY KEY (kind, subject);


-- Table private.lead_audit

CREATE TABLE private.lead_audit (
    id bigint NOT NULL,
    happened_at timestamp with time zone DEFAULT now() NOT NULL,
    action text NOT NULL,
    leads integer NOT NULL,
    via text NOT NULL,
    CONSTRAINT lead_audit_action_check CHECK ((action = ANY (ARRAY['erase'::text, 'purge'::text, 'export'::text, 'resend'::text, 'restore'::text]))),
    CONSTRAINT lead_audit_leads_check CHECK ((leads >= 0)),
    CONSTRAINT lead_audit_via_check CHECK ((via = ANY (ARRAY['painel'::text, 'comando'::text, 'retencao'::text, 'sql'::text, 'restauracao'::text])))
);

ALTER TABLE private.lead_audit ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.lead_audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.lead_audit
    ADD CONSTRAINT lead_audit_pkey PRIMARY KEY (id);


-- Table private.lead_replies

CREATE TABLE private.lead_replies (
    id bigint NOT NULL,
    lead_id uuid NOT NULL,
    form_key text NOT NULL,
    template text,
    subject text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    due_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    sent_at timestamp with time zone,
    failed_at timestamp with time zone,
    refused_at timestamp with time zone,
    last_error text,
    CONSTRAINT lead_replies_body_check CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 10000))),
    CONSTRAINT lead_replies_form_key_check CHECK ((form_key ~ '^[0-9a-f]{32}$'::text)),
    CONSTRAINT lead_replies_last_error_check CHECK ((char_length(last_error) <= 500)),
    CONSTRAINT lead_replies_subject_check CHECK ((((char_length(btrim(subject)) >= 1) AND (char_length(btrim(subject)) <= 200)) AND (subject !~ '[\x01-\x1f\x7f]'::text))),
    CONSTRAINT lead_replies_template_check CHECK ((char_length(template) <= 60))
);

ALTER TABLE private.lead_replies ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.lead_replies_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.lead_replies
    ADD CONSTRAINT lead_replies_lead_id_form_key_key UNIQUE (lead_id, form_key);

ALTER TABLE ONLY private.lead_replies
    ADD CONSTRAINT lead_replies_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.lead_replies
    ADD CONSTRAINT lead_replies_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE INDEX lead_replies_due_idx ON private.lead_replies USING btree (due_at) WHERE (sent_at IS NULL);

CREATE INDEX lead_replies_lead_idx ON private.lead_replies USING btree (lead_id);


-- Table private.lead_tallies

CREATE TABLE private.lead_tallies (
    day date NOT NULL,
    by_time boolean NOT NULL,
    by_source boolean NOT NULL,
    bucket timestamp with time zone,
    utm_source text,
    referrer_origin text,
    campaign text,
    leads integer NOT NULL,
    meetings integer NOT NULL,
    answered integer DEFAULT 0 NOT NULL,
    answered_in_time integer DEFAULT 0 NOT NULL,
    unanswered integer DEFAULT 0 NOT NULL,
    answer_seconds integer[]
);

ALTER TABLE ONLY private.lead_tallies
    ADD CONSTRAINT lead_tallies_day_fkey FOREIGN KEY (day) REFERENCES private.lead_tally_days(day) ON DELETE CASCADE;

CREATE INDEX lead_tallies_day_idx ON private.lead_tallies USING btree (day);


-- Table private.lead_tally_days

CREATE TABLE private.lead_tally_days (
    day date NOT NULL,
    tallied_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY private.lead_tally_days
    ADD CONSTRAINT lead_tally_days_pkey PRIMARY KEY (day);

CREATE TRIGGER forget_answer_medians AFTER DELETE ON private.lead_tally_days REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.forget_answer_medians();

ALTER TABLE private.lead_tally_days ENABLE ALWAYS TRIGGER forget_answer_medians;


-- Table private.mail_claim_misses

CREATE TABLE private.mail_claim_misses (
    client_key text NOT NULL,
    minute timestamp with time zone NOT NULL,
    misses integer NOT NULL
);

ALTER TABLE ONLY private.mail_claim_misses
    ADD CONSTRAINT mail_claim_misses_pkey PRIMARY KEY (client_key, minute);

CREATE INDEX mail_claim_misses_minute_idx ON private.mail_claim_misses USING btree (minute);


-- Table private.mail_health

CREATE TABLE private.mail_health (
    id boolean DEFAULT true NOT NULL,
    last_success_at timestamp with time zone,
    last_failure_at timestamp with time zone,
    failing_since timestamp with time zone,
    last_error text,
    CONSTRAINT mail_health_id_check CHECK (id),
    CONSTRAINT mail_health_last_error_check CHECK ((char_length(last_error) <= 500))
);

ALTER TABLE ONLY private.mail_health
    ADD CONSTRAINT mail_health_pkey PRIMARY KEY (id);


-- Table private.mail_sends

CREATE TABLE private.mail_sends (
    id bigint NOT NULL,
    kind text NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    ok boolean,
    leads integer DEFAULT 0 NOT NULL,
    CONSTRAINT mail_sends_kind_check CHECK ((kind = ANY (ARRAY['single'::text, 'digest'::text])))
);

ALTER TABLE private.mail_sends ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.mail_sends_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.mail_sends
    ADD CONSTRAINT mail_sends_pkey PRIMARY KEY (id);

CREATE INDEX mail_sends_kind_started_idx ON private.mail_sends USING btree (kind, started_at);


-- Table private.outbox_sends

CREATE TABLE private.outbox_sends (
    id bigint NOT NULL,
    queue text NOT NULL,
    channel text DEFAULT ''::text NOT NULL,
    kind text NOT NULL,
    items integer DEFAULT 0 NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    ok boolean,
    CONSTRAINT outbox_sends_channel_check CHECK ((char_length(channel) <= 40)),
    CONSTRAINT outbox_sends_items_check CHECK ((items >= 0)),
    CONSTRAINT outbox_sends_kind_check CHECK ((kind = ANY (ARRAY['single'::text, 'digest'::text]))),
    CONSTRAINT outbox_sends_queue_check CHECK ((queue ~ '^[a-z][a-z_.]{0,59}$'::text))
);

ALTER TABLE private.outbox_sends ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.outbox_sends_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.outbox_sends
    ADD CONSTRAINT outbox_sends_pkey PRIMARY KEY (id);

CREATE INDEX outbox_sends_started_idx ON private.outbox_sends USING btree (started_at);

CREATE INDEX outbox_sends_turn_idx ON private.outbox_sends USING btree (queue, channel, kind, started_at);


-- Table private.page_view_day_secret

CREATE TABLE private.page_view_day_secret (
    day date NOT NULL,
    secret text NOT NULL
);

ALTER TABLE ONLY private.page_view_day_secret
    ADD CONSTRAINT page_view_day_secret_pkey PRIMARY KEY (day);


-- Table private.page_view_minutes

CREATE TABLE private.page_view_minutes (
    minute timestamp with time zone NOT NULL,
    views integer NOT NULL
);

ALTER TABLE ONLY private.page_view_minutes
    ADD CONSTRAINT page_view_minutes_pkey PRIMARY KEY (minute);


-- Table private.page_view_network_minutes

CREATE UNLOGGED TABLE private.page_view_network_minutes (
    minute timestamp with time zone NOT NULL,
    network text NOT NULL,
    views integer NOT NULL
);

ALTER TABLE ONLY private.page_view_network_minutes
    ADD CONSTRAINT page_view_network_minutes_pkey PRIMARY KEY (minute, network);


-- Table private.page_view_network_sources

CREATE UNLOGGED TABLE private.page_view_network_sources (
    day date NOT NULL,
    network text NOT NULL,
    sources integer NOT NULL
);

ALTER TABLE ONLY private.page_view_network_sources
    ADD CONSTRAINT page_view_network_sources_pkey PRIMARY KEY (day, network);


-- Table private.page_views

CREATE TABLE private.page_views (
    day date NOT NULL,
    page text NOT NULL,
    source text NOT NULL,
    device text NOT NULL,
    views integer NOT NULL,
    CONSTRAINT page_views_device_check CHECK ((device = ANY (ARRAY['phone'::text, 'tablet'::text, 'desktop'::text]))),
    CONSTRAINT page_views_source_check CHECK ((char_length(source) <= 200)),
    CONSTRAINT page_views_views_check CHECK ((views >= 1))
);

ALTER TABLE ONLY private.page_views
    ADD CONSTRAINT page_views_pkey PRIMARY KEY (day, page, source, device);


-- Table private.pipeline_incidents

CREATE TABLE private.pipeline_incidents (
    id bigint NOT NULL,
    kind text NOT NULL,
    subject text DEFAULT ''::text NOT NULL,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    since timestamp with time zone NOT NULL,
    first_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    opened_at timestamp with time zone,
    resolved_at timestamp with time zone,
    dismissed_at timestamp with time zone,
    dismissed_by text,
    CONSTRAINT pipeline_incidents_dismissed_by_check CHECK ((char_length(dismissed_by) <= 100)),
    CONSTRAINT pipeline_incidents_kind_check CHECK ((kind = ANY (ARRAY['mail_failing'::text, 'mail_refused'::text, 'busy_calendar'::text, 'webhook_set_apart'::text, 'quarantine_full'::text, 'backup_failed'::text]))),
    CONSTRAINT pipeline_incidents_subject_check CHECK ((char_length(subject) <= 100))
);

ALTER TABLE private.pipeline_incidents ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.pipeline_incidents_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.pipeline_incidents
    ADD CONSTRAINT pipeline_incidents_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX pipeline_incidents_current_idx ON private.pipeline_incidents USING btree (kind, subject) WHERE (resolved_at IS NULL);

CREATE INDEX pipeline_incidents_opened_idx ON private.pipeline_incidents USING btree (opened_at);


-- Table private.public_call_counts

CREATE UNLOGGED TABLE private.public_call_counts (
    client_key text NOT NULL,
    minute timestamp with time zone NOT NULL,
    calls integer NOT NULL,
    CONSTRAINT public_call_counts_calls_check CHECK ((calls >= 0))
);

ALTER TABLE ONLY private.public_call_counts
    ADD CONSTRAINT public_call_counts_pkey PRIMARY KEY (client_key, minute);

CREATE INDEX public_call_counts_minute_idx ON private.public_call_counts USING btree (minute);


-- Table private.quarantined_submissions

CREATE TABLE private.quarantined_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    quarantined_at timestamp with time zone DEFAULT now() NOT NULL,
    reason text NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    company text,
    message text NOT NULL,
    referrer_origin text,
    landing_path text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    utm_term text,
    utm_content text,
    client_key text,
    CONSTRAINT quarantined_submissions_attribution_check CHECK (((char_length(referrer_origin) <= 260) AND (char_length(landing_path) <= 200) AND (char_length(utm_source) <= 100) AND (char_length(utm_medium) <= 100) AND (char_length(utm_campaign) <= 200) AND (char_length(utm_term) <= 200) AND (char_length(utm_content) <= 200))),
    CONSTRAINT quarantined_submissions_reason_check CHECK ((reason = ANY (ARRAY['trap_filled'::text, 'too_fast'::text])))
);

ALTER TABLE ONLY private.quarantined_submissions
    ADD CONSTRAINT quarantined_submissions_pkey PRIMARY KEY (id);

CREATE INDEX quarantined_submissions_client_key_idx ON private.quarantined_submissions USING btree (client_key);

CREATE INDEX quarantined_submissions_email_lower_idx ON private.quarantined_submissions USING btree (lower(email));

CREATE INDEX quarantined_submissions_newest_idx ON private.quarantined_submissions USING btree (quarantined_at DESC, id DESC);


-- Table private.reply_settings

CREATE TABLE private.reply_settings (
    id boolean DEFAULT true NOT NULL,
    promise_hours numeric DEFAULT 24 NOT NULL,
    alert_after_hours numeric DEFAULT 20 NOT NULL,
    tracked_since timestamp with time zone DEFAULT now() NOT NULL,
    weekly_summary boolean DEFAULT true NOT NULL,
    reply_clock text DEFAULT 'business'::text NOT NULL,
    CONSTRAINT reply_settings_alert_after_hours_check CHECK (((alert_after_hours > (0)::numeric) AND (alert_after_hours <= (168)::numeric))),
    CONSTRAINT reply_settings_alert_before_promise CHECK ((alert_after_hours < promise_hours)),
    CONSTRAINT reply_settings_id_check CHECK (id),
    CONSTRAINT reply_settings_promise_hours_check CHECK (((promise_hours > (0)::numeric) AND (promise_hours <= (168)::numeric))),
    CONSTRAINT reply_settings_reply_clock_check CHECK ((reply_clock = ANY (ARRAY['business'::text, 'clock'::text])))
);

ALTER TABLE ONLY private.reply_settings
    ADD CONSTRAINT reply_settings_pkey PRIMARY KEY (id);


-- Table private.submission_counts

CREATE TABLE private.submission_counts (
    client_key text NOT NULL,
    minute timestamp with time zone NOT NULL,
    submissions integer NOT NULL
);

ALTER TABLE ONLY private.submission_counts
    ADD CONSTRAINT submission_counts_pkey PRIMARY KEY (client_key, minute);


-- Table private.webhook_deliveries

CREATE TABLE private.webhook_deliveries (
    id bigint NOT NULL,
    event_id text NOT NULL,
    receiver_id bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    due_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    last_attempt_at timestamp with time zone,
    delivered_at timestamp with time zone,
    failed_at timestamp with time zone,
    last_status integer,
    last_error text,
    send_id bigint,
    CONSTRAINT webhook_deliveries_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT webhook_deliveries_last_error_check CHECK ((char_length(last_error) <= 500))
);

ALTER TABLE private.webhook_deliveries ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.webhook_deliveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_event_id_receiver_id_key UNIQUE (event_id, receiver_id);

ALTER TABLE ONLY private.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_event_id_fkey FOREIGN KEY (event_id) REFERENCES private.webhook_events(id) ON DELETE CASCADE;

ALTER TABLE ONLY private.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_receiver_id_fkey FOREIGN KEY (receiver_id) REFERENCES private.webhook_receivers(id) ON DELETE CASCADE;

CREATE INDEX webhook_deliveries_due_idx ON private.webhook_deliveries USING btree (receiver_id, due_at) WHERE ((delivered_at IS NULL) AND (failed_at IS NULL));

CREATE INDEX webhook_deliveries_receiver_idx ON private.webhook_deliveries USING btree (receiver_id);

CREATE INDEX webhook_deliveries_send_idx ON private.webhook_deliveries USING btree (send_id) WHERE (delivered_at IS NULL);


-- Table private.webhook_events

CREATE TABLE private.webhook_events (
    id text NOT NULL,
    type text NOT NULL,
    lead_id uuid,
    occurred_at timestamp with time zone DEFAULT now() NOT NULL,
    payload jsonb NOT NULL,
    CONSTRAINT webhook_events_id_check CHECK ((id ~ '^msg_[0-9a-f]{32}$'::text)),
    CONSTRAINT webhook_events_type_check CHECK ((type = ANY (ARRAY['lead.created'::text, 'booking.created'::text, 'booking.rescheduled'::text, 'booking.cancelled'::text, 'lead.overdue'::text, 'pipeline.incident'::text])))
);

ALTER TABLE ONLY private.webhook_events
    ADD CONSTRAINT webhook_events_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.webhook_events
    ADD CONSTRAINT webhook_events_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE INDEX webhook_events_lead_idx ON private.webhook_events USING btree (lead_id);

CREATE INDEX webhook_events_occurred_idx ON private.webhook_events USING btree (occurred_at);


-- Table private.webhook_receivers

CREATE TABLE private.webhook_receivers (
    id bigint NOT NULL,
    url text NOT NULL,
    format text DEFAULT 'standard'::text NOT NULL,
    secret text,
    active boolean DEFAULT true NOT NULL,
    disabled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_success_at timestamp with time zone,
    last_failure_at timestamp with time zone,
    last_error text,
    CONSTRAINT webhook_receivers_format_check CHECK ((format = ANY (ARRAY['standard'::text, 'slack'::text, 'teams'::text, 'discord'::text]))),
    CONSTRAINT webhook_receivers_last_error_check CHECK ((char_length(last_error) <= 500)),
    CONSTRAINT webhook_receivers_secret_check CHECK (((secret IS NULL) OR private.is_webhook_secret(secret))),
    CONSTRAINT webhook_receivers_url_check CHECK (private.is_webhook_url(url))
);

ALTER TABLE private.webhook_receivers ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.webhook_receivers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.webhook_receivers
    ADD CONSTRAINT webhook_receivers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.webhook_receivers
    ADD CONSTRAINT webhook_receivers_url_key UNIQUE (url);


-- Table private.webhook_settings

CREATE TABLE private.webhook_settings (
    id boolean DEFAULT true NOT NULL,
    lead_link_base text,
    CONSTRAINT webhook_settings_id_check CHECK (id),
    CONSTRAINT webhook_settings_lead_link_base_check CHECK (((lead_link_base ~ '^https?://[^\s?#]+/$'::text) AND (char_length(lead_link_base) <= 500)))
);

ALTER TABLE ONLY private.webhook_settings
    ADD CONSTRAINT webhook_settings_pkey PRIMARY KEY (id);


-- View private.backup_status

CREATE VIEW private.backup_status AS
 WITH finished AS (
         SELECT backup_runs.finished_at,
            backup_runs.file,
            backup_runs.bytes,
            backup_runs.error,
            (backup_runs.ok AND COALESCE(backup_runs.copied, true)) AS worked
           FROM private.backup_runs
          WHERE (backup_runs.ok IS NOT NULL)
        )
 SELECT ( SELECT max(finished.finished_at) AS max
           FROM finished
          WHERE finished.worked) AS last_success_at,
    ( SELECT finished.file
           FROM finished
          WHERE finished.worked
          ORDER BY finished.finished_at DESC
         LIMIT 1) AS last_success_file,
    ( SELECT finished.bytes
           FROM finished
          WHERE finished.worked
          ORDER BY finished.finished_at DESC
         LIMIT 1) AS last_success_bytes,
    ( SELECT max(finished.finished_at) AS max
           FROM finished
          WHERE (NOT finished.worked)) AS last_failure_at,
    ( SELECT finished.error
           FROM finished
          WHERE (NOT finished.worked)
          ORDER BY finished.finished_at DESC
         LIMIT 1) AS last_error,
    COALESCE(( SELECT (NOT finished.worked)
           FROM finished
          ORDER BY finished.finished_at DESC
         LIMIT 1), false) AS failing;


-- View private.leads_export

CREATE VIEW private.leads_export AS
 SELECT to_char((s.created_at AT TIME ZONE 'America/Sao_Paulo'::text), 'DD/MM/YYYY HH24:MI'::text) AS data,
    s.name AS nome,
    s.email,
    s.company AS empresa,
    s.message AS mensagem,
        CASE s.lead_status
            WHEN 'em_contato'::text THEN 'em contato'::text
            ELSE s.lead_status
        END AS situacao,
        CASE
            WHEN (s.notified_at IS NOT NULL) THEN 'enviado'::text
            WHEN (s.notify_refused_at IS NOT NULL) THEN 'recusado'::text
            WHEN (s.notify_error IS NOT NULL) THEN 'falhou'::text
            ELSE 'pendente'::text
        END AS envio,
    s.notify_error AS erro_de_envio,
    s.desk_note AS nota,
    s.created_at
   FROM public.contact_submissions s
  ORDER BY s.created_at DESC, s.id DESC;


-- View private.webhook_receiver_status

CREATE VIEW private.webhook_receiver_status AS
 SELECT r.id,
    r.format,
    r.active,
    r.disabled_at,
    (r.secret IS NOT NULL) AS has_own_secret,
    r.last_success_at,
    r.last_failure_at,
    r.last_error,
    (count(d.id) FILTER (WHERE ((d.delivered_at IS NULL) AND (d.failed_at IS NULL))))::integer AS pending,
    (count(d.id) FILTER (WHERE ((d.delivered_at IS NULL) AND (d.failed_at IS NOT NULL))))::integer AS failed,
    (count(d.id) FILTER (WHERE (d.delivered_at > (now() - '7 days'::interval))))::integer AS delivered_last_week,
    min(e.occurred_at) FILTER (WHERE (d.delivered_at IS NULL)) AS oldest_undelivered_at
   FROM ((private.webhook_receivers r
     LEFT JOIN private.webhook_deliveries d ON ((d.receiver_id = r.id)))
     LEFT JOIN private.webhook_events e ON ((e.id = d.event_id)))
  GROUP BY r.id;


-- Function private.address_of(p_address text)

CREATE FUNCTION private.address_of(p_address text) RETURNS inet
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  key text := private.client_key(p_address);
begin
  if key is null and btrim(coalesce(p_address, '')) ~ '^[0-9A-Fa-f:]+/64$' then
    key := btrim(p_address);
  end if;
  begin
    return key::inet;
  exception when others then
    return null;
  end;
end
$_$;

REVOKE ALL ON FUNCTION private.address_of(p_address text) FROM PUBLIC;


-- Function private.answer_booking_lead()

CREATE FUNCTION private.answer_booking_lead() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.first_answered_at := coalesce(new.first_answered_at, new.created_at);
  new.first_answer_via := coalesce(new.first_answer_via, 'reuniao');
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.answer_booking_lead() FROM PUBLIC;


-- Function private.answer_contacted_lead()

CREATE FUNCTION private.answer_contacted_lead() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.first_answered_at := now();
  new.first_answer_via := 'situacao';
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.answer_contacted_lead() FROM PUBLIC;


-- Function private.answer_leads_of_booking()

CREATE FUNCTION private.answer_leads_of_booking() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.contact_submissions s
     set first_answered_at = new.created_at, first_answer_via = 'reuniao'
   where lower(s.email) = lower(new.email)
     and s.first_answered_at is null
     and s.created_at <= new.created_at;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.answer_leads_of_booking() FROM PUBLIC;


-- Function private.apply_reply_settings(p_promise_hours numeric, p_alert_after_hours numeric, p_weekly_summary boolean, p_reply_clock text)

CREATE FUNCTION private.apply_reply_settings(p_promise_hours numeric, p_alert_after_hours numeric, p_weekly_summary boolean, p_reply_clock text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from private.reply_settings r
              where r.promise_hours is distinct from p_promise_hours
                 or r.reply_clock is distinct from p_reply_clock) then
    perform private.lock_lead_tallies();
    delete from private.lead_tally_days;
  end if;
  update private.reply_settings
     set promise_hours = p_promise_hours, alert_after_hours = p_alert_after_hours,
         weekly_summary = p_weekly_summary, reply_clock = p_reply_clock;
end
$$;

REVOKE ALL ON FUNCTION private.apply_reply_settings(p_promise_hours numeric, p_alert_after_hours numeric, p_weekly_summary boolean, p_reply_clock text) FROM PUBLIC;


-- Function private.attach_manage_link(p_booking jsonb, p_token text)

CREATE FUNCTION private.attach_manage_link(p_booking jsonb, p_token text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $_$
  update private.booking_messages m
     set manage_token = p_token
   where m.booking_id = (p_booking ->> 'id')::uuid
     and m.recipient = 'visitor'
     and m.kind in ('request', 'confirmation', 'update', 'reminder')
     and m.sent_at is null and m.refused_at is null
     and m.manage_token is null
     and p_token ~ '^[0-9a-f]{64}$';
  select p_booking;
$_$;

REVOKE ALL ON FUNCTION private.attach_manage_link(p_booking jsonb, p_token text) FROM PUBLIC;


-- Function private.attribute_lead(p_lead_id uuid, p_attribution jsonb)

CREATE FUNCTION private.attribute_lead(p_lead_id uuid, p_attribution jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  a jsonb := case when jsonb_typeof(p_attribution) = 'object' then p_attribution else '{}' end;
  text_of constant text := 'string';
begin
  if a = '{}'::jsonb then
    return;
  end if;
  update public.contact_submissions s set
    referrer_origin = case when jsonb_typeof(a -> 'referrer_origin') = text_of then a ->> 'referrer_origin' end,
    landing_path = case when jsonb_typeof(a -> 'landing_path') = text_of then a ->> 'landing_path' end,
    utm_source = case when jsonb_typeof(a -> 'utm_source') = text_of then a ->> 'utm_source' end,
    utm_medium = case when jsonb_typeof(a -> 'utm_medium') = text_of then a ->> 'utm_medium' end,
    utm_campaign = case when jsonb_typeof(a -> 'utm_campaign') = text_of then a ->> 'utm_campaign' end,
    utm_term = case when jsonb_typeof(a -> 'utm_term') = text_of then a ->> 'utm_term' end,
    utm_content = case when jsonb_typeof(a -> 'utm_content') = text_of then a ->> 'utm_content' end
   where s.id = p_lead_id;
end
$$;

REVOKE ALL ON FUNCTION private.attribute_lead(p_lead_id uuid, p_attribution jsonb) FROM PUBLIC;


-- Function private.attribution_source(p_utm_source text, p_referrer_origin text)

CREATE FUNCTION private.attribution_source(p_utm_source text, p_referrer_origin text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    lower(nullif(btrim(p_utm_source), '')),
    substring(p_referrer_origin from '^https?://(?:www\.)?([^:/]+)'),
    ''
  )
$$;

REVOKE ALL ON FUNCTION private.attribution_source(p_utm_source text, p_referrer_origin text) FROM PUBLIC;


-- Function private.audit_removal(p_action text, p_leads integer, p_via text)

CREATE FUNCTION private.audit_removal(p_action text, p_leads integer, p_via text) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into private.lead_audit (action, leads, via)
  select p_action, p_leads, p_via where p_leads > 0;
  select p_leads;
$$;

REVOKE ALL ON FUNCTION private.audit_removal(p_action text, p_leads integer, p_via text) FROM PUBLIC;


-- Function private.backup_problem()

CREATE FUNCTION private.backup_problem() RETURNS TABLE(since timestamp with time zone, detail jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select
    (select min(r.finished_at)
       from private.backup_runs r
      where r.ok is not null
        and not (r.ok and coalesce(r.copied, true))
        and r.finished_at > coalesce(s.last_success_at, '-infinity')),
    jsonb_build_object('error', s.last_error, 'last_success_at', s.last_success_at)
    from private.backup_status s
   where s.failing
$$;

REVOKE ALL ON FUNCTION private.backup_problem() FROM PUBLIC;


-- Function private.block_network(p_network text, p_reason text, p_days integer)

CREATE FUNCTION private.block_network(p_network text, p_reason text DEFAULT NULL::text, p_days integer DEFAULT 30) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  target cidr := private.blocked_network_of(p_network);
begin
  if p_days is not null and p_days < 1 then
    raise exception 'Block for at least a day.' using errcode = '22023';
  end if;
  insert into private.blocked_networks (network, reason, blocked_at, blocked_until)
  values (target, nullif(btrim(left(p_reason, 200)), ''), now(),
    now() + make_interval(days => p_days))
  on conflict on constraint blocked_networks_pkey do update
    set reason = excluded.reason, blocked_at = excluded.blocked_at,
        blocked_until = excluded.blocked_until;
  return target::text;
end
$$;

REVOKE ALL ON FUNCTION private.block_network(p_network text, p_reason text, p_days integer) FROM PUBLIC;


-- Function private.blocked_call_refusal()

CREATE FUNCTION private.blocked_call_refusal() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
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
$_$;

REVOKE ALL ON FUNCTION private.blocked_call_refusal() FROM PUBLIC;


-- Function private.blocked_network_of(p_network text)

CREATE FUNCTION private.blocked_network_of(p_network text) RETURNS cidr
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  target inet;
begin
  begin
    target := coalesce(private.address_of(p_network), btrim(p_network)::inet);
  exception when others then
    raise exception 'Not a network: %', left(coalesce(p_network, ''), 60) using errcode = '22023';
  end;
  if target is null then
    raise exception 'Not a network: %', left(coalesce(p_network, ''), 60) using errcode = '22023';
  end if;
  if family(target) = 6 and masklen(target) >= 96 and target <<= '::ffff:0.0.0.0/96'::inet then
    target := set_masklen('0.0.0.0'::inet + (host(target)::inet - '::ffff:0.0.0.0'::inet),
                          masklen(target) - 96);
  elsif family(target) = 6 and masklen(target) > 64 then
    target := set_masklen(target, 64);
  end if;
  return network(target);
end
$$;

REVOKE ALL ON FUNCTION private.blocked_network_of(p_network text) FROM PUBLIC;


-- Function private.blocked_networks_version()

CREATE FUNCTION private.blocked_networks_version() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select md5(coalesce(string_agg(
           n.network::text || ' ' || coalesce(extract(epoch from n.blocked_until)::text, '-'),
           ',' order by n.network), ''))
    from private.blocked_networks n
   where n.blocked_until is null or n.blocked_until > now()
$$;

REVOKE ALL ON FUNCTION private.blocked_networks_version() FROM PUBLIC;


-- Function private.book_meeting(p_starts_at timestamp with time zone, p_name text, p_email text, p_company text, p_note text, p_time_zone text, p_form_trap text, p_form_elapsed_ms integer, p_now timestamp with time zone)

CREATE FUNCTION private.book_meeting(p_starts_at timestamp with time zone, p_name text, p_email text, p_company text, p_note text, p_time_zone text, p_form_trap text, p_form_elapsed_ms integer, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.booking_settings;
  fill_ms integer;
  visitor_company text := p_company;
  visitor_zone text := p_time_zone;
  caller_ip text := private.request_client_ip();
  caller_key text := private.client_key(caller_ip);
  caller_network text := private.client_network(caller_key);
  caller_provider text := private.client_prefix(caller_key, 32, 16);
  allowed_holds integer;
  recipient text;
  recipient_digest text;
  allowed integer;
  made integer;
  oldest timestamptz;
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  hold_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  new_lead uuid;
  booking public.bookings;
  reserved tstzrange;
  single_line constant text := '[\u0000-\u001f\u007f-\u009f\u2028\u2029]';
begin
  select * into settings from private.booking_settings;
  select c.min_fill_ms into fill_ms from private.contact_settings c;

  if private.is_network_blocked(caller_key) then
    perform private.refuse_blocked_booking();
  end if;

  -- The page's signals stay, against the laziest scripts; nothing relies on them (decision 038:
  -- the caller sets them).
  if coalesce(private.has_visible_text(p_form_trap), false)
     or coalesce(p_form_elapsed_ms, -1) < fill_ms then
    perform private.booking_refuse(400, 'not_confirmed',
      'Não foi possível confirmar o agendamento. Aguarde alguns segundos e tente de novo.');
  end if;

  perform private.check_text_field(p_name, 200, single_line, 'Informe o seu nome.',
    'O nome pode ter até 200 caracteres.',
    'O nome não pode ter quebras de linha nem caracteres de controle.');
  if not coalesce(private.is_email_address(p_email), false) then
    raise exception 'Informe um e-mail válido, como nome@empresa.com.br.' using errcode = '23514';
  end if;
  if not coalesce(private.has_visible_text(visitor_company), false) then
    visitor_company := null;
  end if;
  perform private.check_text_field(visitor_company, 200, single_line, null,
    'O nome da empresa pode ter até 200 caracteres.',
    'O nome da empresa não pode ter quebras de linha nem caracteres de controle.');
  perform private.check_text_field(p_note, 1000,
    '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]',
    'Conte em poucas palavras o que quer conversar.',
    'O assunto pode ter até 1000 caracteres.',
    'O assunto não pode ter caracteres de controle.');
  if p_starts_at is null then
    perform private.booking_refuse(400, 'slot_required', 'Escolha um horário para a reunião.');
  end if;
  if not private.is_time_zone(visitor_zone) then
    visitor_zone := settings.time_zone;
  end if;

  if not private.is_slot_free(p_now, p_starts_at, null) then
    perform private.refuse_slot(p_now, p_starts_at, null);
  end if;

  -- Holds waiting at once, per provider (an IPv6 /32, an IPv4 /16), and fewer for everyone
  -- while many wait (private.holds_allowed). Unknown callers share the daily cap below instead.
  if caller_provider is not null then
    perform pg_advisory_xact_lock(7242114, hashtext(caller_provider));
    -- A provider may always hold what one of its networks may.
    allowed_holds := private.holds_allowed(
      greatest(settings.holds_per_provider, settings.holds_per_network), p_now);
    select count(*) into made from public.bookings b
     where b.status = 'pending' and b.hold_until > p_now
       and b.client_key::inet <<= caller_provider::inet;
    if made >= allowed_holds then
      select b.hold_until into oldest from public.bookings b
       where b.status = 'pending' and b.hold_until > p_now
         and b.client_key::inet <<= caller_provider::inet
       order by b.hold_until offset made - allowed_holds limit 1;
      perform private.refuse_waiting_holds(oldest, p_now);
    end if;
  end if;

  -- Per network (an IPv6 /48, an IPv4 /24): one home or office has a /56 or a /48, and a
  -- script behind it as many /64s as it likes. Unknown callers share the cap below instead.
  if caller_network is not null then
    perform pg_advisory_xact_lock(7242113, hashtext(caller_network));
    select count(*) into made from public.bookings b
     where b.client_network = caller_network and b.created_at > p_now - interval '1 day';
    if made >= settings.per_network_per_day then
      select b.created_at into oldest from public.bookings b
       where b.client_network = caller_network and b.created_at > p_now - interval '1 day'
       order by b.created_at offset made - settings.per_network_per_day limit 1;
      perform private.refuse_for_a_day('network_limit',
        'Muitos agendamentos feitos desta rede hoje. Tente novamente mais tarde.', oldest, p_now);
    end if;
    allowed_holds := private.holds_allowed(settings.holds_per_network, p_now);
    select count(*) into made from public.bookings b
     where b.client_network = caller_network and b.status = 'pending'
       and b.hold_until > p_now;
    if made >= allowed_holds then
      select b.hold_until into oldest from public.bookings b
       where b.client_network = caller_network and b.status = 'pending'
         and b.hold_until > p_now
       order by b.hold_until offset made - allowed_holds limit 1;
      perform private.refuse_waiting_holds(oldest, p_now);
    end if;
    select count(*) into made from public.bookings b
     where b.client_network = caller_network and b.starts_at > p_now
       and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now));
    if made >= settings.upcoming_per_network then
      perform private.booking_refuse(409, 'network_upcoming',
        'Já há muitas reuniões marcadas a partir desta rede. Para marcar outra, fale com a gente por e-mail ou telefone.');
    end if;
  end if;

  -- Per address (an IPv6 /64 or an IPv4 address), or every unknown address together, in 24
  -- hours, cancelled and expired ones included, so giving one up does not refill the allowance.
  perform pg_advisory_xact_lock(7242110, hashtext(coalesce(caller_key, '')));
  allowed := case when caller_key is null
    then settings.unknown_addresses_per_day else settings.per_address_per_day end;
  select count(*) into made from public.bookings b
   where (b.client_key = caller_key or (caller_key is null and b.client_key is null))
     and b.created_at > p_now - interval '1 day';
  if made >= allowed then
    select b.created_at into oldest from public.bookings b
     where (b.client_key = caller_key or (caller_key is null and b.client_key is null))
       and b.created_at > p_now - interval '1 day'
     order by b.created_at offset made - allowed limit 1;
    perform private.refuse_for_a_day('address_limit',
      case when caller_key is null
        then 'Recebemos muitos agendamentos agora. Tente novamente mais tarde.'
        else 'Muitos agendamentos feitos deste endereço hoje. Tente novamente mais tarde.' end,
      oldest, p_now);
  end if;

  -- Per inbox: one meeting (or hold) to come, and a few requests a day, whoever asks. The
  -- refusal for the requests is the inbox's, not the caller's: it carries no Retry-After, so no
  -- server remembers it against the caller's other bookings (decision 027).
  recipient := private.mail_recipient_key(p_email);
  perform pg_advisory_xact_lock(7242111, hashtext(recipient));
  select b.* into booking from public.bookings b
   where private.mail_recipient_key(b.email) = recipient
     and b.ends_at > p_now
     and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now))
   order by b.status = 'pending'
   limit 1;
  if found and booking.status = 'pending' then
    perform private.booking_refuse(409, 'email_pending',
      'Já enviamos a este e-mail um pedido de confirmação. Confirme pelo link do e-mail (veja também o spam) ou tente de novo mais tarde.',
      format('Tente de novo em %s minuto(s).',
        ceil(extract(epoch from booking.hold_until - p_now) / 60.0)));
  elsif found then
    perform private.booking_refuse(409, 'email_has_booking',
      'Este e-mail já tem uma reunião marcada. Para mudar o horário ou cancelar, use o link do e-mail de confirmação.');
  end if;
  recipient_digest := encode(sha256(convert_to(recipient, 'UTF8')), 'hex');
  select count(*) into made from private.booking_requests r
   where r.recipient_hash = recipient_digest and r.requested_at > p_now - interval '1 day';
  if made >= settings.requests_per_email_per_day then
    select r.requested_at into oldest from private.booking_requests r
     where r.recipient_hash = recipient_digest and r.requested_at > p_now - interval '1 day'
     order by r.requested_at offset made - settings.requests_per_email_per_day limit 1;
    perform private.booking_refuse(429, 'email_limit',
      'Este e-mail já recebeu pedidos de agendamento demais hoje. Procure o nosso e-mail na caixa de entrada (e no spam) ou fale com a gente por e-mail ou telefone.',
      format('Tente de novo em %s hora(s).',
        ceil(extract(epoch from oldest + interval '1 day' - p_now) / 3600.0)));
  end if;

  perform private.lock_booking_day(p_starts_at);
  reserved := tstzrange(p_starts_at,
    p_starts_at + make_interval(mins => settings.slot_minutes + settings.buffer_minutes));
  perform private.expire_booking_holds(p_now, reserved);
  if not private.is_slot_free(p_now, p_starts_at, null) then
    perform private.refuse_slot(p_now, p_starts_at, null);
  end if;

  begin
    insert into public.contact_submissions
      (created_at, name, email, company, message, client_ip, client_key, notified_at, notified_via)
    values (p_now, p_name, p_email, visitor_company,
      private.hold_lead_message(false, p_starts_at, p_note), caller_ip, caller_key, p_now,
      'booking')
    returning id into new_lead;
    insert into public.bookings (lead_id, status, starts_at, ends_at, blocked_until, name, email,
      company, note, time_zone, meeting_url, manage_token_hash, hold_token_hash, hold_until,
      confirmed_at, client_ip, client_key, client_network, created_at, updated_at)
    values (new_lead, 'pending', p_starts_at,
      p_starts_at + make_interval(mins => settings.slot_minutes), upper(reserved),
      p_name, p_email, visitor_company, p_note, visitor_zone,
      coalesce(settings.meeting_url,
        'https://meet.jit.si/Consultoria-' || replace(gen_random_uuid()::text, '-', '')),
      private.manage_token_hash(token), private.manage_token_hash(hold_token),
      least(p_now + make_interval(mins => settings.hold_minutes), p_starts_at), null,
      caller_ip, caller_key, caller_network, p_now, p_now)
    returning * into booking;
  exception when exclusion_violation then
    perform private.booking_refuse(409, 'slot_taken',
      'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.');
  end;

  insert into private.booking_requests (recipient_hash, requested_at)
  values (recipient_digest, p_now);
  insert into private.booking_messages (booking_id, kind, recipient, sequence, created_at, due_at)
  values (booking.id, 'request', 'visitor', 0, p_now, p_now);
  return private.booking_json(booking, p_now)
    || jsonb_build_object('manage_token', token, 'hold_token', hold_token);
end
$$;

REVOKE ALL ON FUNCTION private.book_meeting(p_starts_at timestamp with time zone, p_name text, p_email text, p_company text, p_note text, p_time_zone text, p_form_trap text, p_form_elapsed_ms integer, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.booking_change_limit()

CREATE FUNCTION private.booking_change_limit() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 5
$$;

REVOKE ALL ON FUNCTION private.booking_change_limit() FROM PUBLIC;


-- Function private.booking_feed_events(p_past_days integer)

CREATE FUNCTION private.booking_feed_events(p_past_days integer DEFAULT 30) RETURNS TABLE(id uuid, status text, starts_at timestamp with time zone, ends_at timestamp with time zone, name text, email text, company text, note text, meeting_url text, sequence integer, updated_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select b.id, b.status, b.starts_at, b.ends_at, b.name, b.email, b.company, b.note,
         b.meeting_url, b.sequence, b.updated_at
    from public.bookings b
   where b.status not in ('cancelled', 'pending')
     and b.starts_at >= now() - make_interval(days => greatest(p_past_days, 0))
   order by b.starts_at, b.id
$$;

REVOKE ALL ON FUNCTION private.booking_feed_events(p_past_days integer) FROM PUBLIC;


-- Function private.booking_json(b public.bookings, p_now timestamp with time zone)

CREATE FUNCTION private.booking_json(b public.bookings, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'id', b.id,
    'status', private.booking_state(b, p_now),
    'starts_at', private.utc_text(b.starts_at),
    'ends_at', private.utc_text(b.ends_at),
    'time_zone', b.time_zone,
    'company_time_zone', s.time_zone,
    'meeting_url', b.meeting_url,
    'name', b.name,
    'email', b.email,
    'company', b.company,
    'note', b.note,
    'sequence', b.sequence,
    'hold_until', private.utc_text(b.hold_until),
    'cancelled_at', private.utc_text(b.cancelled_at),
    'cancelled_by', b.cancelled_by,
    'cancel_message', b.cancel_message,
    'can_confirm', private.booking_state(b, p_now) in ('pending', 'expired')
      and b.starts_at > p_now,
    'can_cancel', (b.status = 'confirmed' and b.starts_at > p_now)
      or private.booking_state(b, p_now) = 'pending',
    'can_reschedule', b.status = 'confirmed' and b.starts_at > p_now
      and b.sequence < private.booking_change_limit()
  )
    from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION private.booking_json(b public.bookings, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.booking_lead_message(p_status text, p_sequence integer, p_starts_at timestamp with time zone, p_note text)

CREATE FUNCTION private.booking_lead_message(p_status text, p_sequence integer, p_starts_at timestamp with time zone, p_note text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select format(E'Consultoria gratuita %s pelo site: %s (%s).\n\n%s',
      case when p_status = 'cancelled' then 'cancelada'
           when p_sequence > 0 then 'remarcada'
           else 'marcada' end,
      to_char(p_starts_at at time zone s.time_zone, 'DD/MM/YYYY "às" HH24:MI'),
      s.time_zone,
      p_note)
    from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION private.booking_lead_message(p_status text, p_sequence integer, p_starts_at timestamp with time zone, p_note text) FROM PUBLIC;


-- Function private.booking_lead_text(b public.bookings, p_now timestamp with time zone)

CREATE FUNCTION private.booking_lead_text(b public.bookings, p_now timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case private.booking_state(b, p_now)
    when 'pending' then private.hold_lead_message(false, b.starts_at, b.note)
    when 'expired' then private.hold_lead_message(true, b.starts_at, b.note)
    else private.booking_lead_message(b.status, b.sequence, b.starts_at, b.note)
  end
$$;

REVOKE ALL ON FUNCTION private.booking_lead_text(b public.bookings, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.booking_refuse(status integer, reason text, message text, hint text, headers jsonb)

CREATE FUNCTION private.booking_refuse(status integer, reason text, message text, hint text DEFAULT NULL::text, headers jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'PT' || status, 'message', message, 'details', reason, 'hint', hint)::text,
    detail = json_build_object('status', status, 'headers', headers)::text;
end
$$;

REVOKE ALL ON FUNCTION private.booking_refuse(status integer, reason text, message text, hint text, headers jsonb) FROM PUBLIC;


-- Function private.booking_state(b public.bookings, p_now timestamp with time zone)

CREATE FUNCTION private.booking_state(b public.bookings, p_now timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case
    when b.status = 'pending' and b.hold_until <= p_now then 'expired'
    when b.status = 'cancelled' and b.confirmed_at is null and b.cancelled_by is null then 'expired'
    else b.status
  end
$$;

REVOKE ALL ON FUNCTION private.booking_state(b public.bookings, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.booking_to_change(p_token text, p_now timestamp with time zone)

CREATE FUNCTION private.booking_to_change(p_token text, p_now timestamp with time zone) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings b
   where b.manage_token_hash = private.manage_token_hash(p_token)
   for update;
  if not found then
    perform private.booking_refuse(404, 'not_found',
      'Não encontramos esse agendamento. Confira o link do e-mail.');
  end if;
  if booking.status = 'cancelled' then
    perform private.booking_refuse(409, 'cancelled', 'Esse agendamento já foi cancelado.');
  end if;
  if booking.status <> 'confirmed' or booking.starts_at <= p_now then
    perform private.booking_refuse(409, 'not_changeable',
      'Essa reunião já começou ou já passou; ela não pode mais ser mudada.');
  end if;
  return booking;
end
$$;

REVOKE ALL ON FUNCTION private.booking_to_change(p_token text, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.brazil_holidays(p_year integer)

CREATE FUNCTION private.brazil_holidays(p_year integer) RETURNS TABLE(day date, name text, closure text, closed_until time without time zone)
    LANGUAGE sql IMMUTABLE ROWS 15 PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select make_date(p_year, f.month, f.day_of_month), f.name, 'national', null::time
    from (values
      (1, 1, 'Confraternização Universal'),
      (4, 21, 'Tiradentes'),
      (5, 1, 'Dia do Trabalho'),
      (9, 7, 'Independência do Brasil'),
      (10, 12, 'Nossa Senhora Aparecida'),
      (11, 2, 'Finados'),
      (11, 15, 'Proclamação da República'),
      (12, 25, 'Natal')
    ) as f (month, day_of_month, name)
  union all
  -- National since Lei 14.759/2023, first observed in 2024.
  select make_date(p_year, 11, 20), 'Dia Nacional de Zumbi e da Consciência Negra', 'national', null
   where p_year >= 2024
  union all
  select e.sunday + m.offset_days, m.name, m.closure, m.closed_until
    from (select private.easter_sunday(p_year) as sunday) e,
    (values
      (-2, 'Sexta-feira da Paixão', 'national', null::time),
      (-48, 'Carnaval (segunda-feira)', 'carnaval', null),
      (-47, 'Carnaval (terça-feira)', 'carnaval', null),
      (-46, 'Quarta-feira de Cinzas (até as 14h)', 'carnaval', time '14:00'),
      (60, 'Corpus Christi', 'corpus_christi', null)
    ) as m (offset_days, name, closure, closed_until)
$$;

REVOKE ALL ON FUNCTION private.brazil_holidays(p_year integer) FROM PUBLIC;


-- Function private.call_limit_keys(p_key text)

CREATE FUNCTION private.call_limit_keys(p_key text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  address inet;
begin
  if coalesce(p_key, '') !~ '^[0-9A-Fa-f:]+/64$' then
    return array[coalesce(p_key, '')];
  end if;
  begin
    address := p_key::inet;
  exception when others then
    return array[p_key];
  end;
  return array[p_key, network(set_masklen(address, 56))::text,
               network(set_masklen(address, 48))::text];
end
$_$;

REVOKE ALL ON FUNCTION private.call_limit_keys(p_key text) FROM PUBLIC;


-- Function private.cancel_booking(p_id uuid, p_by text, p_message text, p_notify boolean, p_now timestamp with time zone)

CREATE FUNCTION private.cancel_booking(p_id uuid, p_by text, p_message text, p_notify boolean, p_now timestamp with time zone) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  booking public.bookings;
  message text := p_message;
begin
  if not coalesce(private.has_visible_text(message), false) then
    message := null;
  end if;
  perform private.check_text_field(message, 1000,
    '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]', null,
    'A mensagem pode ter até 1000 caracteres.',
    'A mensagem não pode ter caracteres de controle.');
  update public.bookings b
     set status = 'cancelled', cancelled_at = p_now, cancelled_by = p_by,
         cancel_message = message,
         sequence = b.sequence + (case when b.confirmed_at is null then 0 else 1 end),
         updated_at = p_now
   where b.id = p_id and b.status <> 'cancelled'
  returning * into booking;
  if not found then
    return null;
  end if;
  update public.contact_submissions s set message = private.booking_lead_text(booking, p_now)
   where s.id = booking.lead_id;
  if p_notify and booking.confirmed_at is not null then
    perform private.queue_booking_messages(booking, 'cancellation', p_now);
  else
    delete from private.booking_messages m where m.booking_id = booking.id and m.sent_at is null;
  end if;
  return booking;
end
$$;

REVOKE ALL ON FUNCTION private.cancel_booking(p_id uuid, p_by text, p_message text, p_notify boolean, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.cancel_booking_by_company(p_id uuid, p_message text, p_notify boolean)

CREATE FUNCTION private.cancel_booking_by_company(p_id uuid, p_message text DEFAULT NULL::text, p_notify boolean DEFAULT true) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.booking_json(
    private.cancel_booking(p_id, 'company', p_message, p_notify, now()), now())
   where exists (select 1 from public.bookings b where b.id = p_id and b.status <> 'cancelled')
$$;

REVOKE ALL ON FUNCTION private.cancel_booking_by_company(p_id uuid, p_message text, p_notify boolean) FROM PUBLIC;


-- Function private.cancel_booking_by_token(p_token text, p_message text, p_now timestamp with time zone)

CREATE FUNCTION private.cancel_booking_by_token(p_token text, p_message text, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  booking public.bookings;
  hash text := private.manage_token_hash(p_token);
begin
  if private.is_network_blocked(private.client_key(private.request_client_ip())) then
    perform private.refuse_blocked_booking();
  end if;
  select * into booking from public.bookings b
   where b.manage_token_hash = hash or b.hold_token_hash = hash
   for update;
  if found and booking.hold_token_hash = hash then
    if private.booking_state(booking, p_now) = 'pending' then
      perform private.cancel_booking(booking.id, 'visitor', p_message, false, p_now);
    end if;
    return private.hold_released_json(booking);
  end if;
  if found and booking.status = 'pending' then
    if private.booking_state(booking, p_now) = 'pending' then
      booking := private.cancel_booking(booking.id, 'visitor', p_message, false, p_now);
    end if;
    return private.booking_json(booking, p_now);
  end if;
  booking := private.booking_to_change(p_token, p_now);
  booking := private.cancel_booking(booking.id, 'visitor', p_message, true, p_now);
  return private.booking_json(booking, p_now);
end
$$;

REVOKE ALL ON FUNCTION private.cancel_booking_by_token(p_token text, p_message text, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.check_contact_fields(p_name text, p_email text, p_company text, p_message text)

CREATE FUNCTION private.check_contact_fields(p_name text, p_email text, p_company text, p_message text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  -- Line breaks and controls: what could end or split a mail header.
  single_line constant text := '[\u0000-\u001f\u007f-\u009f\u2028\u2029]';
begin
  -- Nothing the visitor typed can end a mail header (their name and address go into one);
  -- a message may have lines and tabs.
  perform private.check_text_field(p_name, 200, single_line, 'Informe o seu nome.',
    'O nome pode ter até 200 caracteres.',
    'O nome não pode ter quebras de linha nem caracteres de controle.');
  if not coalesce(private.is_email_address(p_email), false) then
    raise exception 'Informe um e-mail válido, como nome@empresa.com.br.' using errcode = '23514';
  end if;
  perform private.check_text_field(p_company, 200, single_line, null,
    'O nome da empresa pode ter até 200 caracteres.',
    'O nome da empresa não pode ter quebras de linha nem caracteres de controle.');
  perform private.check_text_field(p_message, 5000, '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]',
    'Escreva a sua mensagem.', 'A mensagem pode ter até 5000 caracteres.',
    'A mensagem não pode ter caracteres de controle.');
end
$$;

REVOKE ALL ON FUNCTION private.check_contact_fields(p_name text, p_email text, p_company text, p_message text) FROM PUBLIC;


-- Function private.check_pipeline()

CREATE FUNCTION private.check_pipeline() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.check_pipeline() FROM PUBLIC;


-- Function private.check_text_field(value text, max_chars integer, forbidden text, required_message text, too_long_message text, invalid_message text)

CREATE FUNCTION private.check_text_field(value text, max_chars integer, forbidden text, required_message text, too_long_message text, invalid_message text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if required_message is not null and not coalesce(private.has_visible_text(value), false) then
    raise exception '%', required_message using errcode = '23514';
  elsif char_length(value) > max_chars then
    raise exception '%', too_long_message using errcode = '23514';
  elsif value ~ forbidden then
    raise exception '%', invalid_message using errcode = '23514';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.check_text_field(value text, max_chars integer, forbidden text, required_message text, too_long_message text, invalid_message text) FROM PUBLIC;


-- Function private.claim_booking_mail(p_booking_id uuid, p_limit integer, p_lease_minutes integer)

CREATE FUNCTION private.claim_booking_mail(p_booking_id uuid, p_limit integer, p_lease_minutes integer) RETURNS SETOF private.booking_mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  delete from private.booking_messages m
   where m.id in (
     select d.id from private.booking_messages d
       join public.bookings b on b.id = d.booking_id
      where d.sent_at is null and d.due_at <= now()
        and (d.claimed_until is null or d.claimed_until <= now())
        and (p_booking_id is null or d.booking_id = p_booking_id)
        and ((d.kind not in ('cancellation', 'request') and d.sequence < b.sequence)
          or (d.kind = 'reminder' and b.status <> 'confirmed')
          or (d.kind = 'request' and (b.status <> 'pending' or b.hold_until <= now()))
          or (d.recipient = 'visitor' and b.starts_at <= now()))
        for update of d skip locked);
  return query
    with picked as (
      select m.id from private.booking_messages m
       where m.sent_at is null and m.due_at <= now()
         and (m.claimed_until is null or m.claimed_until <= now())
         and (p_booking_id is null or m.booking_id = p_booking_id)
       order by m.due_at, m.id
       limit p_limit
         for update skip locked
    ), claimed as (
      update private.booking_messages m
         set claimed_until = now() + make_interval(mins => p_lease_minutes),
             attempts = m.attempts + 1
        from picked
       where m.id = picked.id
      returning m.*
    )
    select c.id, c.kind, c.recipient, c.sequence, c.manage_token, b.id, b.lead_id, b.status,
        b.starts_at, b.ends_at, b.name, b.email, b.company, b.note, b.time_zone, s.time_zone,
        b.meeting_url, b.cancelled_by, b.cancel_message, b.hold_until
      from claimed c
      join public.bookings b on b.id = c.booking_id
     cross join private.booking_settings s
     order by c.due_at, c.id;
end
$$;

REVOKE ALL ON FUNCTION private.claim_booking_mail(p_booking_id uuid, p_limit integer, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_booking_mail_by_token(p_token text, p_limit integer, p_lease_minutes integer)

CREATE FUNCTION private.claim_booking_mail_by_token(p_token text, p_limit integer, p_lease_minutes integer) RETURNS SETOF private.booking_mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  hash text := private.manage_token_hash(p_token);
  found_id uuid;
begin
  select b.id into found_id from public.bookings b where b.manage_token_hash = hash;
  if found_id is not null then
    return query select * from private.claim_booking_mail(found_id, p_limit, p_lease_minutes);
    return;
  end if;
  -- A waiting hold has no e-mail but its request.
  select b.id into found_id from public.bookings b
   where b.hold_token_hash = hash and b.status = 'pending' and b.hold_until > now();
  if found_id is null then
    return;
  end if;
  return query select * from private.claim_booking_mail(found_id, p_limit, p_lease_minutes);
end
$$;

REVOKE ALL ON FUNCTION private.claim_booking_mail_by_token(p_token text, p_limit integer, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_company_alerts(p_limit integer, p_lease_minutes integer)

CREATE FUNCTION private.claim_company_alerts(p_limit integer, p_lease_minutes integer) RETURNS SETOF private.company_alert_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.contact_settings;
  due_kind text;
  queue text;
  turn record;
  singles_allowed integer;
  digest_allowed boolean;
  picked bigint;
  new_send bigint;
  singles_left integer := p_limit;
  singles_taken integer;
  claimed integer;
begin
  select * into settings from private.contact_settings;
  delete from private.company_alerts a
   using public.contact_submissions s
   where a.kind = 'lead_overdue' and a.sent_at is null and s.id = a.lead_id
     and s.first_answered_at is not null;
  delete from private.outbox_sends o where o.started_at < now() - interval '2 days';

  for due_kind in
    select distinct a.kind from private.company_alerts a
     where a.sent_at is null and a.due_at <= now()
       and (a.claimed_until is null or a.claimed_until <= now())
     order by a.kind
  loop
    queue := 'alert.' || due_kind;
    if due_kind = 'weekly_summary' then
      singles_allowed := singles_left;
      digest_allowed := false;
    else
      turn := private.outbox_turn(queue, '');
      singles_allowed := turn.singles;
      digest_allowed := turn.digest_now;
    end if;
    singles_taken := 0;
    for picked in
      select a.id from private.company_alerts a
       where a.kind = due_kind and a.sent_at is null and a.due_at <= now()
         and (a.claimed_until is null or a.claimed_until <= now())
       order by a.due_at, a.id
       limit greatest(0, least(singles_allowed, singles_left))
         for update skip locked
    loop
      new_send := private.open_outbox_send(queue, '', 'single', 1);
      singles_taken := singles_taken + 1;
      return query
        update private.company_alerts a
           set claimed_until = now() + make_interval(mins => p_lease_minutes),
               attempts = a.attempts + 1, send_id = new_send
         where a.id = picked
        returning a.id, a.kind, a.lead_id, a.incident_id, a.week::text, new_send, 'single'::text;
    end loop;
    singles_left := singles_left - singles_taken;

    -- The cap is spent (not merely this call's share of it): the rest goes as one digest.
    if digest_allowed and singles_taken >= singles_allowed then
      new_send := private.open_outbox_send(queue, '', 'digest', 0);
      return query
        with rest as (
          select a.id from private.company_alerts a
           where a.kind = due_kind and a.sent_at is null and a.due_at <= now()
             and (a.claimed_until is null or a.claimed_until <= now())
           order by a.due_at, a.id
           limit settings.digest_max_leads
             for update skip locked
        )
        update private.company_alerts a
           set claimed_until = now() + make_interval(mins => p_lease_minutes),
               attempts = a.attempts + 1, send_id = new_send
          from rest
         where a.id = rest.id
        returning a.id, a.kind, a.lead_id, a.incident_id, a.week::text, new_send,
          'digest'::text;
      get diagnostics claimed = row_count;
      if claimed = 0 then
        delete from private.outbox_sends where id = new_send;
      else
        update private.outbox_sends set items = claimed where id = new_send;
      end if;
    end if;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION private.claim_company_alerts(p_limit integer, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_due_mail(p_min_age_minutes integer, p_limit integer, p_lease_minutes integer)

CREATE FUNCTION private.claim_due_mail(p_min_age_minutes integer, p_limit integer, p_lease_minutes integer) RETURNS SETOF private.mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  budget integer;
  settings private.contact_settings;
  due record;
  new_send bigint;
  claimed integer;
begin
  perform pg_advisory_xact_lock(7242010);
  -- This runs every minute wherever the site runs: a good moment to forget old flood counts
  -- (the table exists once the guard's migration has run).
  if to_regclass('private.submission_counts') is not null then
    execute 'delete from private.submission_counts where minute < now() - interval ''1 day''';
  end if;
  select * into settings from private.contact_settings;
  budget := private.single_mail_budget();
  if budget > 0 then
    for due in
      select s.id from public.contact_submissions s
       where s.notified_at is null
         and s.created_at <= now() - make_interval(mins => p_min_age_minutes)
         and (s.next_notify_at is null or s.next_notify_at <= now())
       order by s.created_at
       limit least(budget, p_limit)
       for update skip locked
    loop
      return query select * from private.open_single_send(due.id, p_lease_minutes);
    end loop;
    return;
  end if;

  if exists (
    select 1 from private.mail_sends m
     where m.kind = 'digest' and m.ok is not false
       and m.started_at > now() - make_interval(mins => settings.digest_every_minutes)
  ) then
    return;
  end if;
  insert into private.mail_sends (kind) values ('digest') returning id into new_send;
  return query
    with picked as (
      select s.id from public.contact_submissions s
       where s.notified_at is null
         and s.created_at <= now() - make_interval(mins => p_min_age_minutes)
         and (s.next_notify_at is null or s.next_notify_at <= now())
       order by s.created_at
       limit settings.digest_max_leads
       for update skip locked
    )
    update public.contact_submissions s
       set next_notify_at = now() + make_interval(mins => p_lease_minutes),
           notify_send_id = new_send
      from picked
     where s.id = picked.id
    returning 'claimed'::text, 'digest'::text, new_send, s.id, s.created_at, s.name, s.email,
      s.company, s.message;
  get diagnostics claimed = row_count;
  if claimed = 0 then
    delete from private.mail_sends where id = new_send;
  else
    update private.mail_sends set leads = claimed where id = new_send;
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.claim_due_mail(p_min_age_minutes integer, p_limit integer, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_lead_mail(p_id uuid, p_lease_minutes integer)

CREATE FUNCTION private.claim_lead_mail(p_id uuid, p_lease_minutes integer) RETURNS SETOF private.mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.claim_lead_mail(p_id uuid, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_lead_replies(p_reply_id bigint, p_limit integer, p_lease_minutes integer)

CREATE FUNCTION private.claim_lead_replies(p_reply_id bigint, p_limit integer, p_lease_minutes integer) RETURNS SETOF private.lead_reply_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.claim_lead_replies(p_reply_id bigint, p_limit integer, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_submission_mail(p_name text, p_email text, p_company text, p_message text, p_window_minutes integer, p_lease_minutes integer)

CREATE FUNCTION private.claim_submission_mail(p_name text, p_email text, p_company text, p_message text, p_window_minutes integer, p_lease_minutes integer) RETURNS SETOF private.mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  found_id uuid;
begin
  -- One budget decision at a time, across every server and function instance.
  perform pg_advisory_xact_lock(7242010);
  select s.id into found_id
    from public.contact_submissions s
   where s.notified_at is null
     and s.created_at > now() - make_interval(mins => p_window_minutes)
     and (s.next_notify_at is null or s.next_notify_at <= now())
     and s.name = p_name and s.email = p_email and s.message = p_message
     and coalesce(s.company, '') = coalesce(p_company, '')
   order by s.created_at desc
   limit 1
   for update skip locked;
  if found_id is null then
    return query select 'not_found'::text, null::text, null::bigint, null::uuid, null::timestamptz,
      null::text, null::text, null::text, null::text;
    return;
  end if;
  if private.single_mail_budget() <= 0 then
    return query select 'deferred'::text, null::text, null::bigint, found_id, null::timestamptz,
      null::text, null::text, null::text, null::text;
    return;
  end if;
  return query select * from private.open_single_send(found_id, p_lease_minutes);
end
$$;

REVOKE ALL ON FUNCTION private.claim_submission_mail(p_name text, p_email text, p_company text, p_message text, p_window_minutes integer, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_visitor_mail(p_headers jsonb, p_name text, p_email text, p_company text, p_message text, p_window_minutes integer, p_lease_minutes integer)

CREATE FUNCTION private.claim_visitor_mail(p_headers jsonb, p_name text, p_email text, p_company text, p_message text, p_window_minutes integer, p_lease_minutes integer) RETURNS SETOF private.mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.contact_settings;
  caller_key text;
  counter_key text;
  allowed integer;
  recent integer;
  bucket record;
  wait_seconds integer;
  claim private.mail_claim;
begin
  select * into settings from private.contact_settings;
  caller_key := private.client_key(private.client_address(
    coalesce(p_headers, '{}'), settings.client_address_header, settings.client_address_hops));
  counter_key := coalesce(caller_key, '');
  allowed := case when caller_key is null
    then settings.unknown_address_limit else settings.per_address_limit end;

  -- This minute's counter, locked: one address's calls are decided one at a time, on every
  -- server, so parallel calls cannot slip past the limit. A refusal undoes the row.
  insert into private.mail_claim_misses as m (client_key, minute, misses)
  values (counter_key, date_trunc('minute', now()), 0)
  on conflict (client_key, minute) do update set misses = m.misses;
  select coalesce(sum(m.misses), 0) into recent
    from private.mail_claim_misses m
   where m.client_key = counter_key
     and m.minute > now() - make_interval(mins => settings.window_minutes);

  if recent >= allowed then
    -- Retry-After: when enough of the oldest minutes have left the window for one more.
    for bucket in
      select m.minute, m.misses from private.mail_claim_misses m
       where m.client_key = counter_key
         and m.minute > now() - make_interval(mins => settings.window_minutes)
       order by m.minute
    loop
      recent := recent - bucket.misses;
      if recent < allowed then
        wait_seconds := greatest(1, ceil(extract(epoch from
          bucket.minute + make_interval(mins => settings.window_minutes) - now())))::integer;
        exit;
      end if;
    end loop;
    perform private.refuse(429, 'PT429',
      case when caller_key is null
        then 'Recebemos muitos pedidos de aviso por e-mail agora. Tente novamente em alguns minutos.'
        else 'Muitos pedidos de aviso por e-mail deste endereço. Tente novamente em alguns minutos.' end,
      format('Tente de novo em %s minuto(s).', ceil(coalesce(wait_seconds, 60) / 60.0)),
      jsonb_build_object('Retry-After', coalesce(wait_seconds, 60)::text));
  end if;

  select * into claim from private.claim_submission_mail(
    p_name, p_email, p_company, p_message, p_window_minutes, p_lease_minutes);
  if claim.outcome = 'not_found' then
    update private.mail_claim_misses m set misses = m.misses + 1
     where m.client_key = counter_key and m.minute = date_trunc('minute', now());
    delete from private.mail_claim_misses m where m.minute < now() - interval '1 day';
  end if;
  return next claim;
end
$$;

REVOKE ALL ON FUNCTION private.claim_visitor_mail(p_headers jsonb, p_name text, p_email text, p_company text, p_message text, p_window_minutes integer, p_lease_minutes integer) FROM PUBLIC;


-- Function private.claim_webhook_delivery(p_receiver_id bigint, p_lease_seconds integer)

CREATE FUNCTION private.claim_webhook_delivery(p_receiver_id bigint, p_lease_seconds integer) RETURNS SETOF private.webhook_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  receiver private.webhook_receivers;
  picked bigint;
  picked_type text;
  queue text;
  turn record;
  new_send bigint;
  claimed integer;
begin
  -- First, before any delivery is locked: one claim at a time per receiver.
  perform pg_advisory_xact_lock(20261206, hashtext('webhook receiver ' || p_receiver_id));
  select * into receiver from private.webhook_receivers r
   where r.id = p_receiver_id and r.active and r.disabled_at is null;
  if not found then
    return;
  end if;
  loop
    select d.id, e.type into picked, picked_type
      from private.webhook_deliveries d
      join private.webhook_events e on e.id = d.event_id
     where d.receiver_id = p_receiver_id
       and d.delivered_at is null and d.failed_at is null
       and d.due_at <= now() and (d.claimed_until is null or d.claimed_until <= now())
     order by d.due_at, d.id
     limit 1
     for update of d skip locked;
    if picked is null then
      return;
    end if;

    if receiver.format = 'standard' then
      return query
        update private.webhook_deliveries d
           set claimed_until = now() + make_interval(secs => p_lease_seconds), send_id = null
          from private.webhook_events e
         where d.id = picked and e.id = d.event_id
        returning d.id, d.event_id, d.attempts, e.payload, receiver.url, receiver.format,
          receiver.secret, null::bigint, 'single'::text;
      return;
    end if;

    queue := 'webhook.' || picked_type;
    turn := private.outbox_turn(queue, p_receiver_id::text);
    if turn.singles > 0 then
      new_send := private.open_outbox_send(queue, p_receiver_id::text, 'single', 1);
      return query
        update private.webhook_deliveries d
           set claimed_until = now() + make_interval(secs => p_lease_seconds), send_id = new_send
          from private.webhook_events e
         where d.id = picked and e.id = d.event_id
        returning d.id, d.event_id, d.attempts, e.payload, receiver.url, receiver.format,
          receiver.secret, new_send, 'single'::text;
      return;
    end if;

    if turn.digest_now then
      new_send := private.open_outbox_send(queue, p_receiver_id::text, 'digest', 0);
      return query
        with rest as (
          select d.id from private.webhook_deliveries d
            join private.webhook_events e on e.id = d.event_id
           where d.receiver_id = p_receiver_id and e.type = picked_type
             and d.delivered_at is null and d.failed_at is null
             and d.due_at <= now() and (d.claimed_until is null or d.claimed_until <= now())
           order by d.due_at, d.id
           limit private.webhook_digest_size(receiver.format)
             for update of d skip locked
        )
        update private.webhook_deliveries d
           set claimed_until = now() + make_interval(secs => p_lease_seconds), send_id = new_send
          from rest, private.webhook_events e
         where d.id = rest.id and e.id = d.event_id
        returning d.id, d.event_id, d.attempts, e.payload, receiver.url, receiver.format,
          receiver.secret, new_send, 'digest'::text;
      get diagnostics claimed = row_count;
      update private.outbox_sends set items = claimed where id = new_send;
      return;
    end if;

    -- This type's cap is spent and its digest went lately: all of it waits for the next turn.
    update private.webhook_deliveries d
       set due_at = turn.next_digest_at
      from private.webhook_events e
     where e.id = d.event_id and d.receiver_id = p_receiver_id and e.type = picked_type
       and d.delivered_at is null and d.failed_at is null and d.due_at <= now()
       and (d.claimed_until is null or d.claimed_until <= now());
    picked := null;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION private.claim_webhook_delivery(p_receiver_id bigint, p_lease_seconds integer) FROM PUBLIC;


-- Function private.clean_attribution()

CREATE FUNCTION private.clean_attribution() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.referrer_origin := private.clean_referrer_origin(new.referrer_origin);
  new.landing_path := private.clean_landing_path(new.landing_path);
  new.utm_source := private.clean_utm(new.utm_source, 100);
  new.utm_medium := private.clean_utm(new.utm_medium, 100);
  new.utm_campaign := private.clean_utm(new.utm_campaign, 200);
  new.utm_term := private.clean_utm(new.utm_term, 200);
  new.utm_content := private.clean_utm(new.utm_content, 200);
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.clean_attribution() FROM PUBLIC;


-- Function private.clean_landing_path(value text)

CREATE FUNCTION private.clean_landing_path(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select case
    when value ~ '^/([A-Za-z0-9._~!$&''()*+,;=:@%-][A-Za-z0-9._~!$&''()*+,;=:@%/-]*)?$'
      and char_length(value) <= 200 then value
  end
$_$;

REVOKE ALL ON FUNCTION private.clean_landing_path(value text) FROM PUBLIC;


-- Function private.clean_referrer_origin(value text)

CREATE FUNCTION private.clean_referrer_origin(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select case
    when v ~ '^https?://[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:[0-9]{1,5})?$'
      and v !~ '\.\.' then v
  end
    from (select lower(btrim(value)) as v) as trimmed
$_$;

REVOKE ALL ON FUNCTION private.clean_referrer_origin(value text) FROM PUBLIC;


-- Function private.clean_utm(value text, max_chars integer)

CREATE FUNCTION private.clean_utm(value text, max_chars integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case
    when v is null or v = '' then null
    when char_length(v) > max_chars then null
    when v ~ '[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\ufff0-\ufffb]'
      then null
    when not private.has_visible_text(v) then null
    else v
  end
    from (select btrim(value) as v) as trimmed
$$;

REVOKE ALL ON FUNCTION private.clean_utm(value text, max_chars integer) FROM PUBLIC;


-- Function private.client_address(headers jsonb, header text, hops integer)

CREATE FUNCTION private.client_address(headers jsonb, header text, hops integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select nullif(btrim(chain.entries[cardinality(chain.entries) - hops + 1]), '')
    from (select string_to_array(headers ->> header, ',') as entries) chain
$$;

REVOKE ALL ON FUNCTION private.client_address(headers jsonb, header text, hops integer) FROM PUBLIC;


-- Function private.client_block(p_key text)

CREATE FUNCTION private.client_block(p_key text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.client_prefix(p_key, 48, 24)
$$;

REVOKE ALL ON FUNCTION private.client_block(p_key text) FROM PUBLIC;


-- Function private.client_key(raw text)

CREATE FUNCTION private.client_key(raw text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  candidate text := btrim(coalesce(raw, ''));
  address inet;
begin
  candidate := regexp_replace(candidate, '^\[(.*)\](:[0-9]+)?$', '\1');
  candidate := regexp_replace(candidate, '^([0-9.]+):[0-9]+$', '\1');
  if candidate = '' or candidate !~ '^[0-9A-Fa-f.:]+$' then
    return null;
  end if;
  begin
    address := candidate::inet;
  exception when others then
    return null;
  end;
  if masklen(address) <> (case family(address) when 4 then 32 else 128 end) then
    return null;
  end if;
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  if family(address) = 4 then
    return host(address);
  end if;
  return network(set_masklen(address, 64))::text;
end
$_$;

REVOKE ALL ON FUNCTION private.client_key(raw text) FROM PUBLIC;


-- Function private.client_network(p_key text)

CREATE FUNCTION private.client_network(p_key text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.client_prefix(p_key, 48, 24)
$$;

REVOKE ALL ON FUNCTION private.client_network(p_key text) FROM PUBLIC;


-- Function private.client_prefix(p_key text, p_ipv6_bits integer, p_ipv4_bits integer)

CREATE FUNCTION private.client_prefix(p_key text, p_ipv6_bits integer, p_ipv4_bits integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  address inet;
  bits integer;
begin
  if p_key is null or p_key !~ '^[0-9A-Fa-f.:]+(/(32|64))?$' then
    return null;
  end if;
  begin
    address := p_key::inet;
  exception when others then
    return null;
  end;
  bits := case family(address) when 4 then p_ipv4_bits else p_ipv6_bits end;
  if bits is null or bits > masklen(address) then
    return null;
  end if;
  return network(set_masklen(address, bits))::text;
end
$_$;

REVOKE ALL ON FUNCTION private.client_prefix(p_key text, p_ipv6_bits integer, p_ipv4_bits integer) FROM PUBLIC;


-- Function private.close_booking_day(p_day date, p_reason text, p_cancel_meetings boolean, p_message text)

CREATE FUNCTION private.close_booking_day(p_day date, p_reason text DEFAULT NULL::text, p_cancel_meetings boolean DEFAULT false, p_message text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.booking_settings;
  meetings jsonb;
  meeting record;
  cancelled integer := 0;
begin
  select * into settings from private.booking_settings;
  if p_day is null or p_day < (now() at time zone settings.time_zone)::date then
    raise exception 'The day has passed: close today or a later day.' using errcode = '22023';
  end if;
  perform private.lock_booking_day((p_day + time '12:00') at time zone settings.time_zone);
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', b.id, 'starts_at', private.utc_text(b.starts_at), 'name', b.name)
      order by b.starts_at), '[]'::jsonb)
    into meetings
    from public.bookings b
   where b.status in ('confirmed', 'held')
     and b.starts_at > now()
     and b.starts_at >= p_day::timestamp at time zone settings.time_zone
     and b.starts_at < (p_day + 1)::timestamp at time zone settings.time_zone;
  if jsonb_array_length(meetings) > 0 and not coalesce(p_cancel_meetings, false) then
    return jsonb_build_object('closed', false, 'cancelled', 0, 'meetings', meetings);
  end if;
  insert into private.booking_closed_days (day, reason)
  values (p_day, nullif(btrim(p_reason), ''))
  on conflict (day) do update set reason = excluded.reason;
  for meeting in
    select value ->> 'id' as id from jsonb_array_elements(meetings)
  loop
    perform private.cancel_booking(meeting.id::uuid, 'company', p_message, true, now());
    cancelled := cancelled + 1;
  end loop;
  return jsonb_build_object('closed', true, 'cancelled', cancelled, 'meetings', meetings);
end
$$;

REVOKE ALL ON FUNCTION private.close_booking_day(p_day date, p_reason text, p_cancel_meetings boolean, p_message text) FROM PUBLIC;


-- Function private.confirm_booking(p_token text, p_now timestamp with time zone)

CREATE FUNCTION private.confirm_booking(p_token text, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  booking public.bookings;
  settings private.booking_settings;
  state text;
  recipient text;
  others integer;
begin
  if private.is_network_blocked(private.client_key(private.request_client_ip())) then
    perform private.refuse_blocked_booking();
  end if;
  select * into booking from public.bookings b
   where b.manage_token_hash = private.manage_token_hash(p_token);
  if not found then
    perform private.booking_refuse(404, 'not_found',
      'Não encontramos esse agendamento. Confira o link do e-mail.');
  end if;
  select * into settings from private.booking_settings;
  recipient := private.mail_recipient_key(booking.email);
  if booking.client_network is not null then
    perform pg_advisory_xact_lock(7242113, hashtext(booking.client_network));
  end if;
  perform pg_advisory_xact_lock(7242111, hashtext(recipient));
  perform private.lock_booking_day(booking.starts_at);
  select * into booking from public.bookings b where b.id = booking.id for update;
  state := private.booking_state(booking, p_now);
  if state in ('confirmed', 'held', 'no_show') then
    return private.booking_json(booking, p_now);
  end if;
  if state = 'cancelled' then
    perform private.booking_refuse(409, 'cancelled', 'Esse agendamento já foi cancelado.');
  end if;
  if booking.starts_at <= p_now then
    perform private.booking_refuse(409, 'not_changeable',
      'Essa reunião já começou ou já passou; ela não pode mais ser mudada.');
  end if;
  -- The inbox: one meeting (or live hold) to come, this one aside. A late one must also find its
  -- slot still on offer.
  if state = 'expired' then
    perform private.expire_booking_holds(p_now,
      tstzrange(booking.starts_at, booking.blocked_until), booking.id);
  end if;
  if (state = 'expired' and not private.is_slot_free(p_now, booking.starts_at, booking.id))
     or (state = 'expired' and private.inbox_has_other_booking(recipient, booking.id, p_now)) then
    perform private.booking_refuse(409, 'hold_expired',
      'O prazo para confirmar acabou e esse horário não está mais disponível. Escolha outro horário.');
  end if;
  if private.inbox_has_other_booking(recipient, booking.id, p_now) then
    perform private.booking_refuse(409, 'email_has_booking',
      'Este e-mail já tem uma reunião marcada. Para mudar o horário ou cancelar, use o link do e-mail de confirmação.');
  end if;
  -- The network it was booked from: its meetings to come, and its holds still waiting (each was
  -- counted when it was made), this one aside.
  if booking.client_network is not null then
    select count(*) into others from public.bookings b
     where b.client_network = booking.client_network and b.id <> booking.id
       and b.starts_at > p_now
       and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now));
    if others >= settings.upcoming_per_network then
      perform private.booking_refuse(409, 'network_upcoming',
        'Já há muitas reuniões marcadas a partir desta rede. Para marcar outra, fale com a gente por e-mail ou telefone.');
    end if;
  end if;
  begin
    update public.bookings b
       set status = 'confirmed', confirmed_at = p_now, cancelled_at = null, updated_at = p_now
     where b.id = booking.id
    returning * into booking;
  exception when exclusion_violation then
    perform private.booking_refuse(409, 'hold_expired',
      'O prazo para confirmar acabou e esse horário não está mais disponível. Escolha outro horário.');
  end;
  update public.contact_submissions s set message = private.booking_lead_text(booking, p_now)
   where s.id = booking.lead_id;
  delete from private.booking_messages m
   where m.booking_id = booking.id and m.kind = 'request' and m.sent_at is null;
  perform private.queue_booking_messages(booking, 'confirmation', p_now);
  return private.booking_json(booking, p_now);
end
$$;

REVOKE ALL ON FUNCTION private.confirm_booking(p_token text, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.count_function_call(p_headers jsonb)

CREATE FUNCTION private.count_function_call(p_headers jsonb) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.count_public_call(private.client_key(private.client_address(
    coalesce(p_headers, '{}'::jsonb), c.client_address_header, c.client_address_hops)))
    from private.contact_settings c
$$;

REVOKE ALL ON FUNCTION private.count_function_call(p_headers jsonb) FROM PUBLIC;


-- Function private.count_public_call(p_key text)

CREATE FUNCTION private.count_public_call(p_key text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.count_public_call(p_key text) FROM PUBLIC;


-- Function private.count_submission(p_client_key text)

CREATE FUNCTION private.count_submission(p_client_key text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.contact_settings;
  counters text[];
  limits integer[];
  counter_key text;
  allowed integer;
  recent integer;
  bucket record;
  wait_seconds integer;
begin
  select * into settings from private.contact_settings;
  if p_client_key is null then
    counters := array[''];
    limits := array[settings.unknown_address_limit];
  else
    counters := array[p_client_key, private.client_prefix(p_client_key, 56, null),
      private.client_prefix(p_client_key, 48, 24)];
    limits := array[settings.per_address_limit,
      greatest(settings.per_home_limit, settings.per_address_limit),
      greatest(settings.per_network_limit, settings.per_address_limit)];
  end if;
  for level in 1 .. cardinality(counters) loop
    counter_key := counters[level];
    continue when counter_key is null;
    allowed := limits[level];
    insert into private.submission_counts as counts (client_key, minute, submissions)
    values (counter_key, date_trunc('minute', now()), 1)
    on conflict (client_key, minute) do update set submissions = counts.submissions + 1;
    select coalesce(sum(counts.submissions), 0) into recent
      from private.submission_counts counts
     where counts.client_key = counter_key
       and counts.minute > now() - make_interval(mins => settings.window_minutes);
    continue when recent <= allowed;
    -- Retry-After: when enough of the oldest minutes have left the window for one more.
    for bucket in
      select counts.minute, counts.submissions from private.submission_counts counts
       where counts.client_key = counter_key
         and counts.minute > now() - make_interval(mins => settings.window_minutes)
       order by counts.minute
    loop
      recent := recent - bucket.submissions;
      if recent <= allowed then
        wait_seconds := greatest(1, ceil(extract(epoch from
          bucket.minute + make_interval(mins => settings.window_minutes) - now())))::integer;
        exit;
      end if;
    end loop;
    perform private.refuse(429, 'PT429',
      case when p_client_key is null
        then 'Recebemos muitas mensagens agora. Tente novamente em alguns minutos.'
        else 'Muitas mensagens enviadas deste endereço. Tente novamente em alguns minutos.' end,
      format('Tente de novo em %s minuto(s).', ceil(coalesce(wait_seconds, 60) / 60.0)),
      jsonb_build_object('Retry-After', coalesce(wait_seconds, 60)::text));
  end loop;
end
$$;

REVOKE ALL ON FUNCTION private.count_submission(p_client_key text) FROM PUBLIC;


-- Function private.counted_page(value text)

CREATE FUNCTION private.counted_page(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select p from (select case when value ~ '^/.+/$' then left(value, -1) else value end as p) x
   where p in ('/', '/privacidade', '/contato', '/contato/enviada', '/contato/erro', '/agendar',
               '/agendar/gerenciar')
$_$;

REVOKE ALL ON FUNCTION private.counted_page(value text) FROM PUBLIC;


-- Function private.desk_housekeeping(p_idle_minutes integer)

CREATE FUNCTION private.desk_housekeeping(p_idle_minutes integer DEFAULT 30) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  delete from private.desk_sessions
   where expires_at <= now() or last_seen_at <= now() - make_interval(mins => p_idle_minutes);
  delete from private.desk_login_failures where failed_at <= now() - interval '1 day';
  delete from private.desk_devices where expires_at <= now();
$$;

REVOKE ALL ON FUNCTION private.desk_housekeeping(p_idle_minutes integer) FROM PUBLIC;


-- Function private.dismiss_incident(p_id bigint, p_by text)

CREATE FUNCTION private.dismiss_incident(p_id bigint, p_by text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  incident private.pipeline_incidents;
begin
  update private.pipeline_incidents i
     set dismissed_at = now(), dismissed_by = left(coalesce(p_by, 'sql'), 100)
   where i.id = p_id and i.opened_at is not null and i.resolved_at is null
     and i.dismissed_at is null
  returning i.* into incident;
  if not found then
    return false;
  end if;
  insert into private.incident_dismissals (kind, subject, dismissed_at)
  values (incident.kind, incident.subject, now())
  on conflict (kind, subject) do update set dismissed_at = excluded.dismissed_at;
  return true;
end
$$;

REVOKE ALL ON FUNCTION private.dismiss_incident(p_id bigint, p_by text) FROM PUBLIC;


-- Function private.due_webhook_receivers()

CREATE FUNCTION private.due_webhook_receivers() RETURNS SETOF bigint
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  delete from private.webhook_events e
   where e.occurred_at < now() - interval '30 days'
      or (e.occurred_at < now() - interval '7 days'
          and not exists (select 1 from private.webhook_deliveries d
                           where d.event_id = e.id and d.delivered_at is null));
  return query
    select r.id from private.webhook_receivers r
     where r.active and r.disabled_at is null
       and exists (
         select 1 from private.webhook_deliveries d
          where d.receiver_id = r.id and d.delivered_at is null and d.failed_at is null
            and d.due_at <= now() and (d.claimed_until is null or d.claimed_until <= now()))
     order by r.id;
end
$$;

REVOKE ALL ON FUNCTION private.due_webhook_receivers() FROM PUBLIC;


-- Function private.easter_sunday(p_year integer)

CREATE FUNCTION private.easter_sunday(p_year integer) RETURNS date
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
declare
  a integer := p_year % 19;
  b integer := p_year / 100;
  c integer := p_year % 100;
  d integer := b / 4;
  e integer := b % 4;
  f integer := (b + 8) / 25;
  g integer := (b - f + 1) / 3;
  h integer := (19 * a + b - d - g + 15) % 30;
  i integer := c / 4;
  k integer := c % 4;
  l integer := (32 + 2 * e + 2 * i - h - k) % 7;
  m integer := (a + 11 * h + 22 * l) / 451;
begin
  return make_date(p_year, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
end
$$;

REVOKE ALL ON FUNCTION private.easter_sunday(p_year integer) FROM PUBLIC;


-- Function private.erase_leads(p_ids uuid[], p_via text)

CREATE FUNCTION private.erase_leads(p_ids uuid[], p_via text DEFAULT 'sql'::text) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.remember_erasures(
    'lead', array(select id::text from public.contact_submissions where id = any(p_ids))
  );
  with erased as (
    delete from public.contact_submissions where id = any(p_ids) returning 1
  )
  select private.audit_removal('erase', (select count(*)::integer from erased), p_via);
$$;

REVOKE ALL ON FUNCTION private.erase_leads(p_ids uuid[], p_via text) FROM PUBLIC;


-- Function private.erase_leads_by_email(p_email text, p_via text)

CREATE FUNCTION private.erase_leads_by_email(p_email text, p_via text DEFAULT 'sql'::text) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.remember_erasures('email', array[p_email]);
  with leads as (
    delete from public.contact_submissions where lower(email) = lower(btrim(p_email)) returning 1
  ), quarantined as (
    delete from private.quarantined_submissions
     where lower(email) = lower(btrim(p_email)) returning 1
  )
  select private.audit_removal('erase',
    (select count(*)::integer from leads) + (select count(*)::integer from quarantined), p_via);
$$;

REVOKE ALL ON FUNCTION private.erase_leads_by_email(p_email text, p_via text) FROM PUBLIC;


-- Function private.erasure_digest(p_key text, p_value text)

CREATE FUNCTION private.erasure_digest(p_key text, p_value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select encode(sha256(convert_to(p_key || ':' || lower(btrim(p_value)), 'UTF8')), 'hex');
$$;

REVOKE ALL ON FUNCTION private.erasure_digest(p_key text, p_value text) FROM PUBLIC;


-- Function private.expire_booking_holds(p_now timestamp with time zone, p_within tstzrange, p_except uuid)

CREATE FUNCTION private.expire_booking_holds(p_now timestamp with time zone DEFAULT now(), p_within tstzrange DEFAULT NULL::tstzrange, p_except uuid DEFAULT NULL::uuid) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  ended integer;
begin
  with stale as (
    select b.id from public.bookings b
     where b.status = 'pending' and b.hold_until <= p_now
       and (p_within is null or tstzrange(b.starts_at, b.blocked_until) && p_within)
       and b.id is distinct from p_except
       for update skip locked
  ),
  expired as (
    update public.bookings b
       set status = 'cancelled', cancelled_at = b.hold_until, updated_at = p_now
      from stale
     where b.id = stale.id
    returning b.*
  ),
  leads as (
    -- Read before the update (one snapshot): a hold whose time is up, which is what it says.
    update public.contact_submissions s
       set message = private.booking_lead_text(b, p_now)
      from public.bookings b
      join expired e on e.id = b.id
     where s.id = b.lead_id
    returning 1
  ),
  dropped as (
    delete from private.booking_messages m
     using expired e
     where m.booking_id = e.id and m.sent_at is null
    returning 1
  )
  select count(*) into ended from expired;
  if p_within is null then
    delete from private.booking_requests r where r.requested_at < p_now - interval '2 days';
  end if;
  return ended;
end
$$;

REVOKE ALL ON FUNCTION private.expire_booking_holds(p_now timestamp with time zone, p_within tstzrange, p_except uuid) FROM PUBLIC;


-- Function private.fastmail_domains()

CREATE FUNCTION private.fastmail_domains() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array['fastmail.com', 'fastmail.fm', 'sent.com', 'emailplus.org', 'ftml.net',
    'realemail.net', 'reallyfast.info', 'warpmail.net']
$$;

REVOKE ALL ON FUNCTION private.fastmail_domains() FROM PUBLIC;


-- Function private.finish_alert_send(p_send_id bigint, p_ok boolean, p_error text)

CREATE FUNCTION private.finish_alert_send(p_send_id bigint, p_ok boolean, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.finish_outbox_send(p_send_id, p_ok);
  if p_ok then
    update private.company_alerts a
       set sent_at = now(), claimed_until = null, failed_at = null, last_error = null
     where a.send_id = p_send_id and a.sent_at is null;
  else
    update private.company_alerts a
       set failed_at = now(), last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + private.outbox_backoff(a.attempts), claimed_until = null
     where a.send_id = p_send_id and a.sent_at is null;
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.finish_alert_send(p_send_id bigint, p_ok boolean, p_error text) FROM PUBLIC;


-- Function private.finish_booking_mail(p_id bigint, p_ok boolean, p_error text)

CREATE FUNCTION private.finish_booking_mail(p_id bigint, p_ok boolean, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.finish_booking_mail(p_id bigint, p_ok boolean, p_error text) FROM PUBLIC;


-- Function private.finish_company_alert(p_id bigint, p_ok boolean, p_error text)

CREATE FUNCTION private.finish_company_alert(p_id bigint, p_ok boolean, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.finish_company_alert(p_id bigint, p_ok boolean, p_error text) FROM PUBLIC;


-- Function private.finish_lead_reply(p_id bigint, p_ok boolean, p_error text)

CREATE FUNCTION private.finish_lead_reply(p_id bigint, p_ok boolean, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.finish_lead_reply(p_id bigint, p_ok boolean, p_error text) FROM PUBLIC;


-- Function private.finish_mail(p_send_id bigint, p_ok boolean, p_error text)

CREATE FUNCTION private.finish_mail(p_send_id bigint, p_ok boolean, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.finish_mail(p_send_id bigint, p_ok boolean, p_error text) FROM PUBLIC;


-- Function private.finish_outbox_send(p_id bigint, p_ok boolean)

CREATE FUNCTION private.finish_outbox_send(p_id bigint, p_ok boolean) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update private.outbox_sends set finished_at = coalesce(finished_at, now()), ok = p_ok
   where id = p_id;
$$;

REVOKE ALL ON FUNCTION private.finish_outbox_send(p_id bigint, p_ok boolean) FROM PUBLIC;


-- Function private.finish_webhook_delivery(p_delivery_id bigint, p_outcome text, p_status integer, p_error text, p_retry_after_seconds integer)

CREATE FUNCTION private.finish_webhook_delivery(p_delivery_id bigint, p_outcome text, p_status integer, p_error text, p_retry_after_seconds integer) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  delivery private.webhook_deliveries;
  delay integer;
  error_text text := left(p_error, 500);
begin
  if p_outcome not in ('delivered', 'gone', 'failed') then
    raise exception 'Unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update private.webhook_deliveries d
     set attempts = d.attempts + 1, last_attempt_at = now(), claimed_until = null,
         last_status = p_status,
         last_error = case when p_outcome = 'delivered' then null else error_text end
   where d.id = p_delivery_id and d.delivered_at is null
  returning * into delivery;
  if not found then
    return;
  end if;
  if p_outcome = 'delivered' then
    update private.webhook_deliveries set delivered_at = now(), failed_at = null
     where id = p_delivery_id;
    update private.webhook_receivers set last_success_at = now() where id = delivery.receiver_id;
    return;
  end if;
  update private.webhook_receivers
     set last_failure_at = now(), last_error = error_text,
         disabled_at = case when p_outcome = 'gone' then now() else disabled_at end
   where id = delivery.receiver_id;
  delay := private.webhook_retry_delay(delivery.attempts);
  if p_outcome = 'gone' or delay is null then
    update private.webhook_deliveries set failed_at = now() where id = p_delivery_id;
    return;
  end if;
  update private.webhook_deliveries
     set due_at = now() + make_interval(secs => greatest(
       delay * (1 + random() * 0.1),
       least(coalesce(p_retry_after_seconds, 0), 86400)))
   where id = p_delivery_id;
end
$$;

REVOKE ALL ON FUNCTION private.finish_webhook_delivery(p_delivery_id bigint, p_outcome text, p_status integer, p_error text, p_retry_after_seconds integer) FROM PUBLIC;


-- Function private.finish_webhook_send(p_send_id bigint, p_outcome text, p_status integer, p_error text, p_retry_after_seconds integer)

CREATE FUNCTION private.finish_webhook_send(p_send_id bigint, p_outcome text, p_status integer, p_error text, p_retry_after_seconds integer) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  delivery bigint;
begin
  for delivery in
    select d.id from private.webhook_deliveries d
     where d.send_id = p_send_id and d.delivered_at is null
     order by d.id
  loop
    perform private.finish_webhook_delivery(delivery, p_outcome, p_status, p_error,
      p_retry_after_seconds);
  end loop;
  update private.webhook_deliveries d
     set due_at = (select max(x.due_at) from private.webhook_deliveries x
                    where x.send_id = p_send_id and x.delivered_at is null
                      and x.failed_at is null)
   where d.send_id = p_send_id and d.delivered_at is null and d.failed_at is null;
  perform private.finish_outbox_send(p_send_id, p_outcome = 'delivered');
end
$$;

REVOKE ALL ON FUNCTION private.finish_webhook_send(p_send_id bigint, p_outcome text, p_status integer, p_error text, p_retry_after_seconds integer) FROM PUBLIC;


-- Function private.forget_answer_medians()

CREATE FUNCTION private.forget_answer_medians() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from private.answer_week_medians m
   where exists (select 1 from gone g where m.monday between g.day - 7 and g.day + 1);
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.forget_answer_medians() FROM PUBLIC;


-- Function private.forget_lead_tallies(p_instants timestamp with time zone[])

CREATE FUNCTION private.forget_lead_tallies(p_instants timestamp with time zone[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if coalesce(cardinality(p_instants), 0) = 0 then
    return;
  end if;
  -- The lock even with nothing tallied yet: a first tally may be under way unseen.
  perform private.lock_lead_tallies();
  delete from private.lead_tally_days t
   where t.day in (select (i at time zone 'UTC')::date from unnest(p_instants) i);
end
$$;

REVOKE ALL ON FUNCTION private.forget_lead_tallies(p_instants timestamp with time zone[]) FROM PUBLIC;


-- Function private.forget_old_incidents()

CREATE FUNCTION private.forget_old_incidents() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  delete from private.pipeline_incidents
   where resolved_at < now() - interval '90 days';
$$;

REVOKE ALL ON FUNCTION private.forget_old_incidents() FROM PUBLIC;


-- Function private.forget_tallies_of_changed_lead()

CREATE FUNCTION private.forget_tallies_of_changed_lead() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    perform private.forget_lead_tallies(array[new.created_at]);
  else
    perform private.forget_lead_tallies(array[old.created_at, new.created_at]);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.forget_tallies_of_changed_lead() FROM PUBLIC;


-- Function private.forget_tallies_of_erased_leads()

CREATE FUNCTION private.forget_tallies_of_erased_leads() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.forget_lead_tallies(array(select distinct g.created_at from gone g));
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.forget_tallies_of_erased_leads() FROM PUBLIC;


-- Function private.forget_tallies_of_meeting()

CREATE FUNCTION private.forget_tallies_of_meeting() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.forget_lead_tallies(array(
    select s.created_at from public.contact_submissions s
     where s.id in (new.lead_id, old.lead_id) and s.created_at < now() - interval '1 hour'));
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.forget_tallies_of_meeting() FROM PUBLIC;


-- Function private.forget_tallies_of_office_hours()

CREATE FUNCTION private.forget_tallies_of_office_hours() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  today date := (select (now() at time zone b.time_zone)::date from private.booking_settings b);
begin
  if (select r.reply_clock from private.reply_settings r) is distinct from 'business' then
    return null;
  end if;
  if tg_table_name = 'booking_closed_days' then
    if not ((tg_op <> 'INSERT' and old.day <= today) or (tg_op <> 'DELETE' and new.day <= today))
    then
      return null;
    end if;
  end if;
  perform private.lock_lead_tallies();
  delete from private.lead_tally_days;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.forget_tallies_of_office_hours() FROM PUBLIC;


-- Function private.free_slots(p_now timestamp with time zone, p_from timestamp with time zone, p_until timestamp with time zone, p_ignore_booking uuid, p_count_bookings boolean)

CREATE FUNCTION private.free_slots(p_now timestamp with time zone, p_from timestamp with time zone DEFAULT NULL::timestamp with time zone, p_until timestamp with time zone DEFAULT NULL::timestamp with time zone, p_ignore_booking uuid DEFAULT NULL::uuid, p_count_bookings boolean DEFAULT true) RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
    LANGUAGE plpgsql STABLE ROWS 400
    SET jit TO 'off'
    SET search_path TO ''
    AS $$
#variable_conflict use_column
begin
  return query
  with settings as (
    select s.*,
      make_interval(mins => s.slot_minutes) as slot,
      make_interval(mins => s.buffer_minutes) as buffer,
      greatest(coalesce(p_from, p_now), p_now + make_interval(hours => s.min_notice_hours))
        as earliest,
      least(coalesce(p_until, 'infinity'::timestamptz),
        ((p_now at time zone s.time_zone)::date + s.horizon_days + 1)::timestamp
          at time zone s.time_zone) as until
      from private.booking_settings s
     limit 1
  ),
  span as (
    select s.*, greatest(s.until, s.earliest) as latest,
      (s.earliest at time zone s.time_zone)::date as first_day,
      (greatest(s.until, s.earliest) at time zone s.time_zone)::date as last_day
      from settings s
  ),
  holidays as (
    select h.day, h.closed_until
      from span s,
      generate_series(extract(year from s.first_day)::integer,
        extract(year from greatest(s.first_day, s.last_day))::integer) as y (year),
      private.brazil_holidays(y.year) h
     where h.closure = 'national'
        or (h.closure = 'carnaval' and s.close_on_carnaval)
        or (h.closure = 'corpus_christi' and s.close_on_corpus_christi)
  ),
  open_days as (
    select s.first_day + n as day, max(h.closed_until) as opens_after
      from span s
      cross join generate_series(0, s.last_day - s.first_day) as g (n)
      left join holidays h on h.day = s.first_day + n
     where extract(isodow from s.first_day + n)::integer = any (s.weekdays)
       and not exists (
         select 1 from private.booking_closed_days c where c.day = s.first_day + n
       )
     group by 1
    having bool_and(h.day is null or h.closed_until is not null)
  ),
  slots as materialized (
    select o.day, o.opens_after, local_start,
      local_start at time zone s.time_zone as starts_at
      from open_days o, span s,
      generate_series(0,
        (extract(epoch from s.closes - s.opens)::integer / 60 - s.slot_minutes) / s.slot_minutes)
        as g (n),
      lateral (select (o.day + s.opens) + g.n * s.slot as local_start) l
  ),
  live as (
    -- What keeps a slot: every booking not cancelled, but a hold whose time is up.
    select b.starts_at, b.blocked_until
      from public.bookings b, span s
     where p_count_bookings
       and b.status <> 'cancelled'
       and (b.status <> 'pending' or b.hold_until > p_now)
       and b.id is distinct from p_ignore_booking
       and b.starts_at < greatest((s.last_day + 1)::timestamp at time zone s.time_zone,
         s.latest + s.buffer)
       and b.blocked_until > s.earliest - s.buffer
  ),
  full_days as (
    select (l.starts_at at time zone s.time_zone)::date as day
      from live l, span s
     where l.starts_at >= s.first_day::timestamp at time zone s.time_zone
     group by 1, s.max_per_day
    having count(*) >= s.max_per_day
  ),
  held as (
    select coalesce(range_agg(r.times), '{}'::tstzmultirange) as times
      from (
        select tstzrange(l.starts_at, l.blocked_until) as times
          from live l, span s
         where tstzrange(l.starts_at, l.blocked_until) && tstzrange(s.earliest, s.latest + s.buffer)
        union all
        select tstzrange(t.starts_at, t.ends_at + s.buffer)
          from private.busy_times t, span s
         where tstzrange(t.starts_at, t.ends_at)
            && tstzrange(s.earliest - s.buffer, s.latest + s.buffer)
      ) r
  )
  select sl.starts_at, sl.starts_at + s.slot
    from slots sl, span s, held
   where sl.starts_at >= s.earliest
     and sl.starts_at + s.slot <= s.latest
     and (sl.opens_after is null or sl.local_start::time >= sl.opens_after)
     and not (held.times && tstzrange(sl.starts_at, sl.starts_at + s.slot + s.buffer))
     and sl.day not in (select f.day from full_days f)
   order by sl.starts_at;
end
$$;

REVOKE ALL ON FUNCTION private.free_slots(p_now timestamp with time zone, p_from timestamp with time zone, p_until timestamp with time zone, p_ignore_booking uuid, p_count_bookings boolean) FROM PUBLIC;


-- Function private.guard_contact_submission()

CREATE FUNCTION private.guard_contact_submission() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  settings private.contact_settings;
  flagged text;
begin
  select * into settings from private.contact_settings;

  -- The bot signals: a field people never see, and how long the page had been open.
  flagged := case
    when private.has_visible_text(new.form_trap) then 'trap_filled'
    when new.form_elapsed_ms < settings.min_fill_ms then 'too_fast'
  end;
  new.form_trap := null;
  new.form_elapsed_ms := null;
  if not coalesce(private.has_visible_text(new.company), false) then
    new.company := null;
  end if;
  new.client_ip := private.client_address(
    headers, settings.client_address_header, settings.client_address_hops);
  new.client_key := private.client_key(new.client_ip);

  -- Answered like a success, kept for review, mailed to no one.
  if flagged is not null then
    perform private.quarantine_submission(
      flagged, new.name, new.email, new.company, new.message, new.client_key, new);
    return null;
  end if;

  perform private.check_contact_fields(new.name, new.email, new.company, new.message);

  -- Identical submissions are serialised so a double click cannot slip two rows past the check.
  perform pg_advisory_xact_lock(hashtext(new.email));
  -- A double click or a retried request is the same lead: keep the first row, drop this one.
  if exists (
    select 1 from public.contact_submissions s
     where s.created_at > now() - interval '10 seconds'
       and s.name = new.name and s.email = new.email and s.message = new.message
       and s.company is not distinct from new.company
  ) then
    return null;
  end if;

  if not private.is_restoring(new.name, new.email, new.message) then
    perform private.count_submission(new.client_key);
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.guard_contact_submission() FROM PUBLIC;


-- Function private.has_visible_text(value text)

CREATE FUNCTION private.has_visible_text(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select value ~ '[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
$$;

REVOKE ALL ON FUNCTION private.has_visible_text(value text) FROM PUBLIC;


-- Function private.hold_back_webhook_deliveries(p_send_id bigint, p_ids bigint[])

CREATE FUNCTION private.hold_back_webhook_deliveries(p_send_id bigint, p_ids bigint[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  update private.webhook_deliveries
     set claimed_until = null, send_id = null
   where send_id = p_send_id and id = any(p_ids) and delivered_at is null;
  update private.outbox_sends
     set items = (select count(*) from private.webhook_deliveries d where d.send_id = p_send_id)
   where id = p_send_id;
end
$$;

REVOKE ALL ON FUNCTION private.hold_back_webhook_deliveries(p_send_id bigint, p_ids bigint[]) FROM PUBLIC;


-- Function private.hold_lead_message(p_expired boolean, p_starts_at timestamp with time zone, p_note text)

CREATE FUNCTION private.hold_lead_message(p_expired boolean, p_starts_at timestamp with time zone, p_note text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select format(E'%s: %s (%s).\n\n%s',
      case when p_expired then 'Pedido de consultoria gratuita não confirmado por e-mail'
           else 'Consultoria gratuita pedida pelo site, aguardando confirmação por e-mail' end,
      to_char(p_starts_at at time zone s.time_zone, 'DD/MM/YYYY "às" HH24:MI'),
      s.time_zone,
      p_note)
    from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION private.hold_lead_message(p_expired boolean, p_starts_at timestamp with time zone, p_note text) FROM PUBLIC;


-- Function private.hold_released_json(b public.bookings)

CREATE FUNCTION private.hold_released_json(b public.bookings) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('id', b.id, 'status', 'released')
$$;

REVOKE ALL ON FUNCTION private.hold_released_json(b public.bookings) FROM PUBLIC;


-- Function private.holds_allowed(p_share integer, p_now timestamp with time zone)

CREATE FUNCTION private.holds_allowed(p_share integer, p_now timestamp with time zone) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case
    when (select count(*) from public.bookings b
           where b.status = 'pending' and b.hold_until > p_now) >= 2 * s.max_per_day
      then greatest(1, p_share / 2)
    else p_share
  end
    from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION private.holds_allowed(p_share integer, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.inbox_has_other_booking(p_recipient text, p_except uuid, p_now timestamp with time zone)

CREATE FUNCTION private.inbox_has_other_booking(p_recipient text, p_except uuid, p_now timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.bookings b
     where private.mail_recipient_key(b.email) = p_recipient
       and b.id is distinct from p_except and b.ends_at > p_now
       and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now))
  )
$$;

REVOKE ALL ON FUNCTION private.inbox_has_other_booking(p_recipient text, p_except uuid, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.incident_dismissed_at(p_kind text, p_subject text)

CREATE FUNCTION private.incident_dismissed_at(p_kind text, p_subject text) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    (select d.dismissed_at from private.incident_dismissals d
      where d.kind = p_kind and d.subject = p_subject),
    '-infinity')
$$;

REVOKE ALL ON FUNCTION private.incident_dismissed_at(p_kind text, p_subject text) FROM PUBLIC;


-- Function private.incident_grace(p_kind text)

CREATE FUNCTION private.incident_grace(p_kind text) RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_kind
    when 'mail_failing' then interval '5 minutes'
    when 'busy_calendar' then interval '1 hour'
    else interval '0'
  end
$$;

REVOKE ALL ON FUNCTION private.incident_grace(p_kind text) FROM PUBLIC;


-- Function private.is_address_confirmed(p_email text)

CREATE FUNCTION private.is_address_confirmed(p_email text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.bookings b
     where lower(b.email) = lower(p_email)
       and b.confirmed_at is not null and b.hold_until is not null)
$$;

REVOKE ALL ON FUNCTION private.is_address_confirmed(p_email text) FROM PUBLIC;


-- Function private.is_caller_blocked(p_key text)

CREATE FUNCTION private.is_caller_blocked(p_key text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.is_network_blocked(nullif(p_key, ''))
$$;

REVOKE ALL ON FUNCTION private.is_caller_blocked(p_key text) FROM PUBLIC;


-- Function private.is_email_address(value text)

CREATE FUNCTION private.is_email_address(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select char_length(value) <= 254
     and char_length(split_part(value, '@', 1)) <= 64
     and value ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$'
$_$;

REVOKE ALL ON FUNCTION private.is_email_address(value text) FROM PUBLIC;


-- Function private.is_network_blocked(p_address text)

CREATE FUNCTION private.is_network_blocked(p_address text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from private.blocked_networks n
     where n.network >>= private.address_of(p_address)
       and (n.blocked_until is null or n.blocked_until > now())
  )
$$;

REVOKE ALL ON FUNCTION private.is_network_blocked(p_address text) FROM PUBLIC;


-- Function private.is_restoring(p_name text, p_email text, p_message text)

CREATE FUNCTION private.is_restoring(p_name text, p_email text, p_message text) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  restoring text := nullif(current_setting('contact.restoring_quarantined', true), '');
begin
  if restoring is null then
    return false;
  end if;
  return exists (
    select 1 from private.quarantined_submissions q
     where q.id::text = restoring
       and q.name = p_name and q.email = p_email and q.message = p_message
  );
end
$$;

REVOKE ALL ON FUNCTION private.is_restoring(p_name text, p_email text, p_message text) FROM PUBLIC;


-- Function private.is_slot_free(p_now timestamp with time zone, p_starts_at timestamp with time zone, p_ignore_booking uuid)

CREATE FUNCTION private.is_slot_free(p_now timestamp with time zone, p_starts_at timestamp with time zone, p_ignore_booking uuid) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1
      from private.booking_settings s,
      private.free_slots(p_now, p_starts_at, p_starts_at + make_interval(mins => s.slot_minutes),
        p_ignore_booking) f
     where f.starts_at = p_starts_at
  )
$$;

REVOKE ALL ON FUNCTION private.is_slot_free(p_now timestamp with time zone, p_starts_at timestamp with time zone, p_ignore_booking uuid) FROM PUBLIC;


-- Function private.is_time_zone(value text)

CREATE FUNCTION private.is_time_zone(value text) RETURNS boolean
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
begin
  if value is null
     or value !~ '^(UTC|[A-Z][A-Za-z_-]+(/[A-Za-z][A-Za-z_-]*){1,2}|Etc/GMT(0|[+-]0|[+-]([1-9]|1[0-2])|-1[34]))$'
     or value ~ '^(posix|right)/' then
    return false;
  end if;
  perform now() at time zone value;
  return true;
exception when others then
  return false;
end
$_$;

REVOKE ALL ON FUNCTION private.is_time_zone(value text) FROM PUBLIC;


-- Function private.is_webhook_secret(value text)

CREATE FUNCTION private.is_webhook_secret(value text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  part text;
  bytes integer;
begin
  if value is null or value !~ '^whsec_[A-Za-z0-9+/]+={0,2}( whsec_[A-Za-z0-9+/]+={0,2})*$' then
    return false;
  end if;
  foreach part in array string_to_array(value, ' ') loop
    bytes := length(decode(substr(part, 7), 'base64'));
    if bytes < 24 or bytes > 64 then
      return false;
    end if;
  end loop;
  return true;
exception when others then
  return false;
end
$_$;

REVOKE ALL ON FUNCTION private.is_webhook_secret(value text) FROM PUBLIC;


-- Function private.is_webhook_url(value text)

CREATE FUNCTION private.is_webhook_url(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select char_length(value) <= 2000
     and value !~ '[\s\u0000-\u001f\u007f-\u009f]'
     and value !~ '#'
     and (
       value ~ '^https://[^/?@]+(/[^@]*)?$'
       or value ~ '^http://(127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}|localhost|\[::1\])(:[0-9]{1,5})?(/[^@]*)?$'
     )
$_$;

REVOKE ALL ON FUNCTION private.is_webhook_url(value text) FROM PUBLIC;


-- Function private.keep_answer_medians(p_first_week date, p_time_zone text)

CREATE FUNCTION private.keep_answer_medians(p_first_week date, p_time_zone text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  kept integer;
begin
  perform private.lock_lead_tallies();
  with weeks as (
    select w::date as monday,
           (w::timestamp at time zone p_time_zone) as starts,
           ((w + interval '7 days')::timestamp at time zone p_time_zone) as ends
      from generate_series(p_first_week::timestamp, now()::date::timestamp, interval '7 days') w
  ),
  whole as (
    select w.* from weeks w
     where not exists (select 1 from private.answer_week_medians m
                        where m.time_zone = p_time_zone and m.monday = w.monday)
       and not exists (
         select 1 from generate_series((w.starts at time zone 'UTC')::date,
                                       ((w.ends - interval '1 microsecond') at time zone 'UTC')::date,
                                       interval '1 day') d
          where not exists (select 1 from private.lead_tally_days t where t.day = d::date))
  )
  insert into private.answer_week_medians (time_zone, monday, median_seconds)
  select p_time_zone, w.monday,
         (select percentile_cont(0.5) within group (order by v)
            from private.lead_tallies t, unnest(t.answer_seconds) v
           where t.by_time and t.bucket >= w.starts and t.bucket < w.ends)
    from whole w
  on conflict do nothing;
  get diagnostics kept = row_count;
  return kept;
end
$$;

REVOKE ALL ON FUNCTION private.keep_answer_medians(p_first_week date, p_time_zone text) FROM PUBLIC;


-- Function private.limit_rows_per_request()

CREATE FUNCTION private.limit_rows_per_request() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  allowed integer;
begin
  -- The requester's role (current_user is this function's owner here).
  if coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return null;
  end if;
  select rows_per_request into allowed from private.contact_settings;
  if (select count(*) from inserted) > allowed then
    perform private.refuse(400, 'PT400',
      format('Envie uma mensagem por vez (no máximo %s por envio).', allowed));
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.limit_rows_per_request() FROM PUBLIC;


-- Function private.lock_booking_day(p_starts_at timestamp with time zone)

CREATE FUNCTION private.lock_booking_day(p_starts_at timestamp with time zone) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select pg_advisory_xact_lock(7242112,
    (p_starts_at at time zone s.time_zone)::date - date '2000-01-01')
    from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION private.lock_booking_day(p_starts_at timestamp with time zone) FROM PUBLIC;


-- Function private.lock_lead_tallies()

CREATE FUNCTION private.lock_lead_tallies() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select pg_advisory_xact_lock(20261126000300)
$$;

REVOKE ALL ON FUNCTION private.lock_lead_tallies() FROM PUBLIC;


-- Function private.mail_recipient_key(p_email text)

CREATE FUNCTION private.mail_recipient_key(p_email text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  local_part text := lower(split_part(p_email, '@', 1));
  domain text := lower(substr(p_email, strpos(p_email, '@') + 1));
  subdomain text := split_part(domain, '.', 1);
begin
  if p_email is null then
    return null;
  end if;
  -- Fastmail's subdomain addressing: the subdomain is the user, what stands left of @ a tag.
  if strpos(domain, '.') > 0
     and substr(domain, length(subdomain) + 2) = any (private.fastmail_domains()) then
    local_part := subdomain;
    domain := substr(domain, length(subdomain) + 2);
  end if;
  -- A subaddress after '+' (Gmail, Outlook, iCloud, Fastmail, Proton…).
  if strpos(local_part, '+') > 1 then
    local_part := split_part(local_part, '+', 1);
  end if;
  domain := case
    when domain = 'googlemail.com' then 'gmail.com'
    when domain in ('me.com', 'mac.com') then 'icloud.com'
    when domain in ('protonmail.com', 'protonmail.ch', 'pm.me') then 'proton.me'
    else domain
  end;
  local_part := case
    when domain = 'gmail.com' then replace(local_part, '.', '')
    when domain = 'proton.me' then translate(local_part, '.-_', '')
    when domain = any (private.fastmail_domains()) then replace(local_part, '-', '_')
    else local_part
  end;
  return local_part || '@' || domain;
end
$$;

REVOKE ALL ON FUNCTION private.mail_recipient_key(p_email text) FROM PUBLIC;


-- Function private.manage_token_hash(token text)

CREATE FUNCTION private.manage_token_hash(token text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select case when token ~ '^[0-9a-f]{64}$'
    then encode(sha256(convert_to(token, 'UTF8')), 'hex') end
$_$;

REVOKE ALL ON FUNCTION private.manage_token_hash(token text) FROM PUBLIC;


-- Function private.mark_lead_answered(p_lead_id uuid)

CREATE FUNCTION private.mark_lead_answered(p_lead_id uuid) RETURNS boolean
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with marked as (
    update public.contact_submissions s
       set first_answered_at = now(), first_answer_via = 'manual'
     where s.id = p_lead_id and s.first_answered_at is null
    returning 1
  )
  select exists (select 1 from marked);
$$;

REVOKE ALL ON FUNCTION private.mark_lead_answered(p_lead_id uuid) FROM PUBLIC;


-- Function private.new_booking_feed_token()

CREATE FUNCTION private.new_booking_feed_token() RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  insert into private.booking_feed_token (id, token_hash, created_at)
  values (true, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now())
  on conflict (id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at;
  return token;
end
$$;

REVOKE ALL ON FUNCTION private.new_booking_feed_token() FROM PUBLIC;


-- Function private.note_mail_outcome(p_ok boolean, p_error text)

CREATE FUNCTION private.note_mail_outcome(p_ok boolean, p_error text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update private.mail_health
     set last_success_at = case when p_ok then now() else last_success_at end,
         last_failure_at = case when p_ok then last_failure_at else now() end,
         failing_since = case when p_ok then null else coalesce(failing_since, now()) end,
         last_error = case when p_ok then null else left(coalesce(p_error, 'unknown error'), 500) end;
$$;

REVOKE ALL ON FUNCTION private.note_mail_outcome(p_ok boolean, p_error text) FROM PUBLIC;


-- Function private.office_hours(p_from date, p_until date)

CREATE FUNCTION private.office_hours(p_from date, p_until date) RETURNS TABLE(day date, opens_at timestamp with time zone, closes_at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  settings private.booking_settings;
  closed date[];
  holiday_days date[];
  holiday_until time[];
  this_day date := p_from;
  opens time;
  i integer;
begin
  select * into settings from private.booking_settings limit 1;
  closed := array(select c.day from private.booking_closed_days c
                   where c.day between p_from and p_until);
  select coalesce(array_agg(h.day), '{}'), coalesce(array_agg(h.closed_until), '{}')
    into holiday_days, holiday_until
    from generate_series(extract(year from p_from)::integer,
                         extract(year from greatest(p_from, p_until))::integer) as y (year),
         private.brazil_holidays(y.year) h
   where h.day between p_from and p_until
     and (h.closure = 'national'
          or (h.closure = 'carnaval' and settings.close_on_carnaval)
          or (h.closure = 'corpus_christi' and settings.close_on_corpus_christi));
  while this_day <= p_until loop
    if extract(isodow from this_day)::integer = any (settings.weekdays)
       and not this_day = any (closed) then
      opens := settings.opens;
      for i in 1 .. cardinality(holiday_days) loop
        if holiday_days[i] = this_day then
          -- Closed all day, or until a time: every holiday of the day must let it open.
          opens := greatest(opens, coalesce(holiday_until[i], time '24:00'));
        end if;
      end loop;
      if opens < settings.closes then
        day := this_day;
        opens_at := (this_day + opens) at time zone settings.time_zone;
        closes_at := (this_day + settings.closes) at time zone settings.time_zone;
        return next;
      end if;
    end if;
    this_day := this_day + 1;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION private.office_hours(p_from date, p_until date) FROM PUBLIC;


-- Function private.open_outbox_send(p_queue text, p_channel text, p_kind text, p_items integer)

CREATE FUNCTION private.open_outbox_send(p_queue text, p_channel text, p_kind text, p_items integer) RETURNS bigint
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into private.outbox_sends (queue, channel, kind, items)
  values (p_queue, p_channel, p_kind, p_items)
  returning id
$$;

REVOKE ALL ON FUNCTION private.open_outbox_send(p_queue text, p_channel text, p_kind text, p_items integer) FROM PUBLIC;


-- Function private.open_single_send(p_id uuid, p_lease_minutes integer)

CREATE FUNCTION private.open_single_send(p_id uuid, p_lease_minutes integer) RETURNS SETOF private.mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  new_send bigint;
begin
  insert into private.mail_sends (kind, leads) values ('single', 1) returning id into new_send;
  return query
    update public.contact_submissions s
       set next_notify_at = now() + make_interval(mins => p_lease_minutes),
           notify_send_id = new_send
     where s.id = p_id
    returning 'claimed'::text, 'single'::text, new_send, s.id, s.created_at, s.name, s.email,
      s.company, s.message;
end
$$;

REVOKE ALL ON FUNCTION private.open_single_send(p_id uuid, p_lease_minutes integer) FROM PUBLIC;


-- Function private.outbox_backoff(p_failures integer)

CREATE FUNCTION private.outbox_backoff(p_failures integer) RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select least(interval '6 hours',
    interval '1 minute' * power(2, least(greatest(coalesce(p_failures, 1) - 1, 0), 20)))
$$;

REVOKE ALL ON FUNCTION private.outbox_backoff(p_failures integer) FROM PUBLIC;


-- Function private.outbox_turn(p_queue text, p_channel text, OUT singles integer, OUT digest_now boolean, OUT next_digest_at timestamp with time zone)

CREATE FUNCTION private.outbox_turn(p_queue text, p_channel text, OUT singles integer, OUT digest_now boolean, OUT next_digest_at timestamp with time zone) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.contact_settings;
  last_digest timestamptz;
begin
  perform pg_advisory_xact_lock(20261205, hashtext(p_queue || ' ' || p_channel));
  select * into settings from private.contact_settings;
  select greatest(0, settings.mail_per_hour - count(*)::integer) into singles
    from private.outbox_sends s
   where s.queue = p_queue and s.channel = p_channel and s.kind = 'single'
     and s.started_at > now() - interval '1 hour' and s.ok is not false;
  select max(s.started_at) into last_digest
    from private.outbox_sends s
   where s.queue = p_queue and s.channel = p_channel and s.kind = 'digest'
     and s.ok is not false
     and s.started_at > now() - make_interval(mins => settings.digest_every_minutes);
  digest_now := last_digest is null;
  next_digest_at := coalesce(last_digest + make_interval(mins => settings.digest_every_minutes),
                             now());
end
$$;

REVOKE ALL ON FUNCTION private.outbox_turn(p_queue text, p_channel text, OUT singles integer, OUT digest_now boolean, OUT next_digest_at timestamp with time zone) FROM PUBLIC;


-- Function private.page_view_blocks(p_day date)

CREATE FUNCTION private.page_view_blocks(p_day date) RETURNS TABLE(code text, views_divisor integer, sources_divisor integer)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  caller text := private.client_key(private.request_client_ip());
  day_secret text;
begin
  if caller is null then
    return;
  end if;
  day_secret := private.page_view_secret(p_day);
  return query
    select private.page_view_code(day_secret, w.block), w.views_divisor, w.sources_divisor
      from (values
        (1, caller, 30, 50),
        (2, private.client_prefix(caller, 56, null), 20, 40),
        (3, private.client_prefix(caller, 48, 24), 15, 30)
      ) as w (width, block, views_divisor, sources_divisor)
     where w.block is not null
     order by w.width;
end
$$;

REVOKE ALL ON FUNCTION private.page_view_blocks(p_day date) FROM PUBLIC;


-- Function private.page_view_code(p_secret text, p_block text)

CREATE FUNCTION private.page_view_code(p_secret text, p_block text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select left(encode(sha256(convert_to(p_secret || p_block, 'UTF8')), 'hex'), 32)
$$;

REVOKE ALL ON FUNCTION private.page_view_code(p_secret text, p_block text) FROM PUBLIC;


-- Function private.page_view_secret(p_day date)

CREATE FUNCTION private.page_view_secret(p_day date) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  day_secret text;
begin
  select s.secret into day_secret from private.page_view_day_secret s where s.day = p_day;
  if day_secret is null then
    delete from private.page_view_day_secret where day < p_day;
    insert into private.page_view_day_secret (day, secret)
    values (p_day, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
    on conflict (day) do nothing;
    select s.secret into day_secret from private.page_view_day_secret s where s.day = p_day;
  end if;
  return day_secret;
end
$$;

REVOKE ALL ON FUNCTION private.page_view_secret(p_day date) FROM PUBLIC;


-- Function private.pipeline_health()

CREATE FUNCTION private.pipeline_health() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with ages as (
    select 'lead_mail' as queue, count(*) as waiting, min(s.created_at) as oldest
      from public.contact_submissions s
     where s.notified_at is null and s.notify_refused_at is null
    union all
    select 'booking_mail', count(*), min(m.due_at) from private.booking_messages m
     where m.sent_at is null and m.refused_at is null and m.due_at <= now()
    union all
    select 'replies', count(*), min(r.created_at) from private.lead_replies r
     where r.sent_at is null and r.refused_at is null
    union all
    select 'alerts', count(*), min(a.created_at) from private.company_alerts a
     where a.sent_at is null and a.refused_at is null
    union all
    select 'webhooks', count(*), min(d.created_at) from private.webhook_deliveries d
      join private.webhook_receivers r on r.id = d.receiver_id
     where d.delivered_at is null and d.failed_at is null and r.active and r.disabled_at is null
  )
  select jsonb_build_object(
    'queues', (select jsonb_object_agg(a.queue, jsonb_build_object(
                 'waiting', a.waiting,
                 'oldest_seconds', case when a.oldest is null then null
                   else greatest(0, floor(extract(epoch from now() - a.oldest)))::bigint end))
                 from ages a),
    'incidents', (select coalesce(jsonb_agg(distinct i.kind), '[]')
                    from private.pipeline_incidents i
                   where i.resolved_at is null and i.opened_at is not null
                     and i.dismissed_at is null));
$$;

REVOKE ALL ON FUNCTION private.pipeline_health() FROM PUBLIC;


-- Function private.pipeline_problems()

CREATE FUNCTION private.pipeline_problems() RETURNS TABLE(kind text, subject text, since timestamp with time zone, detail jsonb)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  max_entries integer := (select c.quarantine_max_entries from private.contact_settings c);
  quarantined integer := (select count(*)::integer from private.quarantined_submissions);
  already_full boolean := exists (select 1 from private.pipeline_incidents i
                                   where i.kind = 'quarantine_full' and i.resolved_at is null);
begin
  return query
    select 'mail_failing'::text, ''::text, h.failing_since,
           jsonb_build_object('error', h.last_error,
             'waiting', (select count(*) from public.contact_submissions s
                          where s.notified_at is null and s.notify_refused_at is null),
             'outboxes', jsonb_build_object(
               'lead_mail', (select count(*) from public.contact_submissions s
                              where s.notified_at is null and s.notify_refused_at is null),
               'booking_mail', (select count(*) from private.booking_messages m
                                 where m.sent_at is null and m.refused_at is null),
               'replies', (select count(*) from private.lead_replies r
                            where r.sent_at is null and r.refused_at is null),
               'alerts', (select count(*) from private.company_alerts a
                           where a.sent_at is null and a.refused_at is null)))
      from private.mail_health h where h.failing_since is not null;

  -- A message refused for good, per outbox, while it still matters and is not dismissed.
  return query
    with refused as (
      select 'lead_mail' as outbox, s.notify_refused_at as at from public.contact_submissions s
       where s.notified_at is null and s.notify_refused_at is not null
         -- answered, or marked spam: the team has read it in the desk
         and s.first_answered_at is null and s.lead_status <> 'spam'
      union all
      select 'booking_mail', m.refused_at from private.booking_messages m
        join public.bookings b on b.id = m.booking_id
       where m.sent_at is null and m.refused_at is not null
         -- a meeting that is over needs no e-mail about it
         and b.ends_at > now()
      union all
      select 'replies', r.refused_at from private.lead_replies r
        join public.contact_submissions s on s.id = r.lead_id
       where r.sent_at is null and r.refused_at is not null
         -- the visitor was answered since, by a later reply or another way
         and not (s.first_answered_at is not null and s.first_answered_at > r.created_at)
         and not exists (select 1 from private.lead_replies x
                          where x.lead_id = r.lead_id and x.sent_at is not null
                            and x.created_at > r.created_at)
      union all
      select 'alerts', a.refused_at from private.company_alerts a
       where a.sent_at is null and a.refused_at is not null
         and case a.kind
           when 'lead_overdue' then exists (select 1 from public.contact_submissions s
                                             where s.id = a.lead_id
                                               and s.first_answered_at is null)
           when 'incident' then exists (select 1 from private.pipeline_incidents i
                                         where i.id = a.incident_id and i.resolved_at is null)
           else not exists (select 1 from private.company_alerts x
                             where x.kind = a.kind and x.sent_at is not null
                               and x.week > a.week)
         end
    )
    select 'mail_refused'::text, r.outbox, min(r.at),
           jsonb_build_object('count', count(*), 'outbox', r.outbox)
      from refused r
     where r.at > private.incident_dismissed_at('mail_refused', r.outbox)
     group by r.outbox;

  -- The latest read failed, within the last day (a feed turned off stops being read).
  return query
    select 'busy_calendar'::text, ''::text, coalesce(f.last_success_at, f.last_error_at),
           jsonb_build_object('error', f.last_error, 'last_success_at', f.last_success_at)
      from private.busy_feed_status f
     where f.last_error_at is not null
       and f.last_error_at > coalesce(f.last_success_at, '-infinity')
       and f.last_error_at > now() - interval '1 day';

  -- A listed receiver with deliveries set apart since the last dismissal, or gone (410) since.
  return query
    with receivers as (
      select r.*, private.incident_dismissed_at('webhook_set_apart', r.id::text) as known
        from private.webhook_receivers r
       where r.active
    )
    select 'webhook_set_apart'::text, r.id::text,
           coalesce(least(gone.at, min(d.failed_at)), gone.at, min(d.failed_at)),
           jsonb_build_object('receiver', r.id, 'format', r.format, 'gone', gone.at is not null,
             'count', count(d.id), 'error', r.last_error, 'outbox', 'webhooks')
      from receivers r
      cross join lateral (select case when r.disabled_at > r.known then r.disabled_at end as at)
        gone
      left join private.webhook_deliveries d
        on d.receiver_id = r.id and d.delivered_at is null and d.failed_at is not null
       and d.failed_at > r.known
     group by r.id, r.format, r.last_error, gone.at
    having gone.at is not null or count(d.id) > 0;

  -- Told at nine tenths, over when it is back under eight tenths: no flapping at the line.
  if max_entries > 0 and (quarantined * 10 >= max_entries * 9
                          or (already_full and quarantined * 10 >= max_entries * 8)) then
    return query select 'quarantine_full'::text, ''::text, now(),
      jsonb_build_object('count', quarantined, 'max', max_entries);
  end if;

  -- Scheduled backups (built apart) say how the last one went through
  -- private.backup_problem() returns table (since timestamptz, detail jsonb).
  if to_regprocedure('private.backup_problem()') is not null then
    return query execute
      'select ''backup_failed''::text, ''''::text, b.since, b.detail from private.backup_problem() b';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.pipeline_problems() FROM PUBLIC;


-- Function private.public_call_limit(p_key text)

CREATE FUNCTION private.public_call_limit(p_key text) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when coalesce(p_key, '') = '' then c.unknown_calls_per_minute
              when p_key like '%/56' then c.calls_per_56_per_minute
              when p_key like '%/48' then c.calls_per_48_per_minute
              else c.calls_per_minute end
    from private.contact_settings c
$$;

REVOKE ALL ON FUNCTION private.public_call_limit(p_key text) FROM PUBLIC;


-- Function private.public_call_window(p_key text, p_limit integer, p_now timestamp with time zone)

CREATE FUNCTION private.public_call_window(p_key text, p_limit integer, p_now timestamp with time zone) RETURNS TABLE(recent integer, retry_after integer)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with now_minute as (
    select date_trunc('minute', p_now) as minute,
           extract(epoch from p_now - date_trunc('minute', p_now)) as elapsed
  ),
  counts as (
    select coalesce(sum(c.calls) filter (where c.minute = m.minute), 0)::numeric as current,
           coalesce(sum(c.calls) filter (where c.minute = m.minute - interval '1 minute'), 0)::numeric
             as previous,
           m.elapsed
      from now_minute m
      left join private.public_call_counts c
        on c.client_key = p_key and c.minute >= m.minute - interval '1 minute'
     group by m.elapsed
  )
  select floor(current + previous * (1 - elapsed / 60))::integer,
         case
           when current + previous * (1 - elapsed / 60) < p_limit then 0
           -- Past the limit this minute alone: the minute must end, then enough of it leave.
           when current >= p_limit then
             greatest(1, ceil(60 - elapsed + 60 * (1 - p_limit / current)))::integer
           else greatest(1, ceil(60 * (1 - (p_limit - current) / previous) - elapsed))::integer
         end
    from counts
$$;

REVOKE ALL ON FUNCTION private.public_call_window(p_key text, p_limit integer, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.purge_expired_leads(p_via text)

CREATE FUNCTION private.purge_expired_leads(p_via text DEFAULT 'retencao'::text) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with purged as (
    delete from public.contact_submissions s
     using private.contact_settings c
     where s.created_at < now() - make_interval(days => c.retention_days)
       and s.notified_at is not null
       and not exists (
         select 1 from public.bookings b
          where b.lead_id = s.id
            and b.ends_at > now() - make_interval(days => c.retention_days)
       )
    returning 1
  )
  select private.audit_removal('purge', (select count(*)::integer from purged), p_via);
$$;

REVOKE ALL ON FUNCTION private.purge_expired_leads(p_via text) FROM PUBLIC;


-- Function private.purge_quarantine()

CREATE FUNCTION private.purge_quarantine() RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with purged as (
    delete from private.quarantined_submissions q
     using private.contact_settings c
     where q.quarantined_at < now() - make_interval(days => c.quarantine_days)
    returning 1
  )
  select count(*)::integer from purged;
$$;

REVOKE ALL ON FUNCTION private.purge_quarantine() FROM PUBLIC;


-- Function private.quarantine_submission(p_reason text, p_name text, p_email text, p_company text, p_message text, p_client_key text, p_from public.contact_submissions)

CREATE FUNCTION private.quarantine_submission(p_reason text, p_name text, p_email text, p_company text, p_message text, p_client_key text, p_from public.contact_submissions) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  capacity integer;
  caller_network inet := private.client_prefix(p_client_key, 48, 24)::inet;
  caller_provider inet := private.client_prefix(p_client_key, 32, 16)::inet;
  held record;
  cannot_keep constant text :=
    'Não conseguimos receber a sua mensagem agora. Tente de novo mais tarde ou fale conosco por e-mail ou telefone.';
begin
  perform pg_advisory_xact_lock(hashtext(coalesce(p_email, '')));
  if exists (
    select 1 from private.quarantined_submissions q
     where q.quarantined_at > now() - interval '10 seconds'
       and q.name = p_name and q.email = p_email and q.message = p_message
       and q.company is not distinct from p_company
  ) then
    return;
  end if;
  perform private.count_submission(p_client_key);
  -- As a lead's fields would be: the same words, the same 400 (nothing tells a bot it was
  -- flagged; a person learns what to fix).
  perform private.check_contact_fields(p_name, p_email, p_company, p_message);
  -- One decision about the places at a time, so concurrent posts cannot overfill them.
  perform pg_advisory_xact_lock(7242011);
  select quarantine_max_entries into capacity from private.contact_settings;
  -- What is held in all, and by the caller's address, network and provider (the keys the guard
  -- wrote are addresses and /64s, each inside its blocks).
  select count(*) as everyone,
         count(*) filter (where q.client_key = p_client_key) as address,
         count(*) filter (where q.client_key::inet <<= caller_network) as network,
         count(*) filter (where q.client_key::inet <<= caller_provider
                             or (caller_provider is null and q.client_key is null)) as provider
    into held
    from private.quarantined_submissions q;
  if (p_client_key is not null and held.address >= greatest(1, capacity / 100))
     or (caller_network is not null and held.network >= greatest(1, capacity / 25))
     or (caller_provider is not null and held.provider >= greatest(1, capacity / 10))
     or (held.everyone >= capacity
         and (held.provider >= greatest(1, capacity / 100) or held.everyone >= 2 * capacity)) then
    -- 503: not a flood limit a server should repeat, but no place for it now.
    perform private.refuse(503, 'PT503', cannot_keep, null,
      jsonb_build_object('Retry-After', '3600'));
  end if;
  insert into private.quarantined_submissions (reason, name, email, company, message, client_key,
    referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (p_reason, p_name, p_email, p_company, p_message, p_client_key,
    p_from.referrer_origin, p_from.landing_path, p_from.utm_source, p_from.utm_medium,
    p_from.utm_campaign, p_from.utm_term, p_from.utm_content);
end
$$;

REVOKE ALL ON FUNCTION private.quarantine_submission(p_reason text, p_name text, p_email text, p_company text, p_message text, p_client_key text, p_from public.contact_submissions) FROM PUBLIC;


-- Function private.queue_booking_messages(b public.bookings, p_kind text, p_now timestamp with time zone)

CREATE FUNCTION private.queue_booking_messages(b public.bookings, p_kind text, p_now timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  insert into private.booking_messages (booking_id, kind, recipient, sequence, created_at, due_at)
  values (b.id, p_kind, 'visitor', b.sequence, p_now, p_now),
         (b.id, p_kind, 'company', b.sequence, p_now, p_now);
  delete from private.booking_messages m
   where m.booking_id = b.id and m.kind = 'reminder' and m.sent_at is null;
  if p_kind <> 'cancellation' and b.starts_at - interval '24 hours' > p_now then
    insert into private.booking_messages (booking_id, kind, recipient, sequence, created_at, due_at)
    values (b.id, 'reminder', 'visitor', b.sequence, p_now, b.starts_at - interval '24 hours');
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.queue_booking_messages(b public.bookings, p_kind text, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.queue_booking_webhook()

CREATE FUNCTION private.queue_booking_webhook() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  zone text := (select s.time_zone from private.booking_settings s);
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' then
      perform private.queue_webhook_event('booking.created', new.lead_id,
        jsonb_build_object('booking', private.webhook_booking(new)));
    end if;
  elsif old.confirmed_at is null and new.confirmed_at is not null then
    perform private.queue_webhook_event('booking.created', new.lead_id,
      jsonb_build_object('booking', private.webhook_booking(new)));
  elsif old.confirmed_at is null then
    return null;
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    perform private.queue_webhook_event('booking.cancelled', new.lead_id,
      jsonb_build_object('booking', private.webhook_booking(new) || jsonb_build_object(
        'cancelled_at', private.webhook_utc(new.cancelled_at),
        'cancelled_by', new.cancelled_by,
        'cancel_message', new.cancel_message)));
  elsif new.status <> 'cancelled' and new.starts_at is distinct from old.starts_at then
    perform private.queue_webhook_event('booking.rescheduled', new.lead_id,
      jsonb_build_object('booking', private.webhook_booking(new) || jsonb_build_object(
        'previous_starts_at', private.webhook_utc(old.starts_at),
        'previous_starts_at_local', private.webhook_local(old.starts_at, zone))));
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.queue_booking_webhook() FROM PUBLIC;


-- Function private.queue_lead_reply(p_lead_id uuid, p_form_key text, p_template text, p_subject text, p_body text)

CREATE FUNCTION private.queue_lead_reply(p_lead_id uuid, p_form_key text, p_template text, p_subject text, p_body text) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  reply_id bigint;
begin
  insert into private.lead_replies (lead_id, form_key, template, subject, body)
  values (p_lead_id, p_form_key, p_template, p_subject, p_body)
  on conflict (lead_id, form_key) do nothing
  returning id into reply_id;
  if reply_id is null then
    select r.id into reply_id from private.lead_replies r
     where r.lead_id = p_lead_id and r.form_key = p_form_key;
  end if;
  return reply_id;
end
$$;

REVOKE ALL ON FUNCTION private.queue_lead_reply(p_lead_id uuid, p_form_key text, p_template text, p_subject text, p_body text) FROM PUBLIC;


-- Function private.queue_lead_webhook()

CREATE FUNCTION private.queue_lead_webhook() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  zone text := (select s.time_zone from private.booking_settings s);
begin
  perform private.queue_webhook_event('lead.created', new.id, jsonb_build_object('lead',
    jsonb_build_object(
      'id', new.id,
      'received_at', private.webhook_utc(new.created_at),
      'received_at_local', private.webhook_local(new.created_at, zone),
      'time_zone', zone,
      'name', new.name,
      'email', new.email,
      'company', new.company,
      'message', new.message,
      'desk_url', private.webhook_lead_link(new.id))));
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.queue_lead_webhook() FROM PUBLIC;


-- Function private.queue_webhook_event(p_type text, p_lead_id uuid, p_data jsonb)

CREATE FUNCTION private.queue_webhook_event(p_type text, p_lead_id uuid, p_data jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  event_id text;
begin
  if not exists (select 1 from private.webhook_receivers r where r.active) then
    return;
  end if;
  event_id := 'msg_' || replace(gen_random_uuid()::text, '-', '');
  insert into private.webhook_events (id, type, lead_id, occurred_at, payload)
  values (event_id, p_type, p_lead_id, now(), jsonb_build_object(
    'type', p_type,
    'timestamp', private.webhook_utc(now()),
    'data', p_data));
  insert into private.webhook_deliveries (event_id, receiver_id)
  select event_id, r.id from private.webhook_receivers r where r.active;
end
$$;

REVOKE ALL ON FUNCTION private.queue_webhook_event(p_type text, p_lead_id uuid, p_data jsonb) FROM PUBLIC;


-- Function private.queue_weekly_summary()

CREATE FUNCTION private.queue_weekly_summary() RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tz text := (select b.time_zone from private.booking_settings b);
  settings private.reply_settings;
  local_now timestamp := now() at time zone tz;
  this_monday date := date_trunc('week', local_now)::date;
  queued integer;
begin
  select * into settings from private.reply_settings;
  if not settings.weekly_summary or local_now < this_monday + time '08:00' then
    return false;
  end if;
  if ((this_monday)::timestamp at time zone tz) <= settings.tracked_since then
    return false;
  end if;
  insert into private.company_alerts (kind, week)
  values ('weekly_summary', this_monday - 7)
  on conflict (week) where kind = 'weekly_summary' do nothing;
  get diagnostics queued = row_count;
  return queued > 0;
end
$$;

REVOKE ALL ON FUNCTION private.queue_weekly_summary() FROM PUBLIC;


-- Function private.reapply_erasures(p_via text)

CREATE FUNCTION private.reapply_erasures(p_via text DEFAULT 'restauracao'::text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_erased integer := 0;
  v_count integer;
begin
  if exists (select 1 from private.erasures where kind = 'email') then
    with keys as (
      select key, max(erased_at) as latest from private.erasures where kind = 'email' group by key
    ), digests as materialized (
      select s.id, s.created_at, k.key, private.erasure_digest(k.key, s.email) as digest
        from public.contact_submissions s join keys k on s.created_at <= k.latest
    ), erased as (
      delete from public.contact_submissions s
       using digests d, private.erasures e
       where s.id = d.id and e.kind = 'email' and e.key = d.key and e.digest = d.digest
         and d.created_at <= e.erased_at
      returning 1
    )
    select count(*)::integer into v_count from erased;
    v_erased := v_erased + v_count;

    with keys as (
      select key, max(erased_at) as latest from private.erasures where kind = 'email' group by key
    ), digests as materialized (
      select q.id, q.quarantined_at, k.key, private.erasure_digest(k.key, q.email) as digest
        from private.quarantined_submissions q join keys k on q.quarantined_at <= k.latest
    ), erased as (
      delete from private.quarantined_submissions q
       using digests d, private.erasures e
       where q.id = d.id and e.kind = 'email' and e.key = d.key and e.digest = d.digest
         and d.quarantined_at <= e.erased_at
      returning 1
    )
    select count(*)::integer into v_count from erased;
    v_erased := v_erased + v_count;
  end if;

  if exists (select 1 from private.erasures where kind = 'lead') then
    with keys as (
      select distinct key from private.erasures where kind = 'lead'
    ), digests as materialized (
      select s.id, k.key, private.erasure_digest(k.key, s.id::text) as digest
        from public.contact_submissions s cross join keys k
    ), erased as (
      delete from public.contact_submissions s
       using digests d, private.erasures e
       where s.id = d.id and e.kind = 'lead' and e.key = d.key and e.digest = d.digest
      returning 1
    )
    select count(*)::integer into v_count from erased;
    v_erased := v_erased + v_count;
  end if;

  return private.audit_removal('erase', v_erased, p_via);
end
$$;

REVOKE ALL ON FUNCTION private.reapply_erasures(p_via text) FROM PUBLIC;


-- Function private.record_busy_feed_error(p_error text)

CREATE FUNCTION private.record_busy_feed_error(p_error text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update private.busy_feed_status
     set last_error_at = now(),
         last_error = left(coalesce(p_error, 'Erro desconhecido.'), 500),
         events = (select count(*)::integer from private.busy_times);
$$;

REVOKE ALL ON FUNCTION private.record_busy_feed_error(p_error text) FROM PUBLIC;


-- Function private.refuse(status integer, code text, message text, hint text, headers jsonb)

CREATE FUNCTION private.refuse(status integer, code text, message text, hint text DEFAULT NULL::text, headers jsonb DEFAULT '{}'::jsonb) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', code, 'message', message, 'details', null, 'hint', hint)::text,
    detail = json_build_object('status', status, 'headers', headers)::text;
end
$$;

REVOKE ALL ON FUNCTION private.refuse(status integer, code text, message text, hint text, headers jsonb) FROM PUBLIC;


-- Function private.refuse_alert_send(p_send_id bigint, p_error text)

CREATE FUNCTION private.refuse_alert_send(p_send_id bigint, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.finish_outbox_send(p_send_id, false);
  update private.company_alerts a
     set failed_at = now(), refused_at = now(), due_at = 'infinity', claimed_until = null,
         last_error = left(coalesce(p_error, 'refused'), 500)
   where a.send_id = p_send_id and a.sent_at is null;
end
$$;

REVOKE ALL ON FUNCTION private.refuse_alert_send(p_send_id bigint, p_error text) FROM PUBLIC;


-- Function private.refuse_blocked_booking()

CREATE FUNCTION private.refuse_blocked_booking() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.booking_refuse(403, 'network_blocked',
    'Não é possível agendar a partir desta rede. Fale com a gente por e-mail ou telefone.');
end
$$;

REVOKE ALL ON FUNCTION private.refuse_blocked_booking() FROM PUBLIC;


-- Function private.refuse_blocked_submission()

CREATE FUNCTION private.refuse_blocked_submission() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  settings private.contact_settings;
begin
  select * into settings from private.contact_settings;
  if private.is_network_blocked(private.client_address(
      headers, settings.client_address_header, settings.client_address_hops)) then
    perform private.refuse(403, 'PT403',
      'Não é possível enviar mensagens a partir desta rede. Fale com a gente por e-mail ou telefone.');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.refuse_blocked_submission() FROM PUBLIC;


-- Function private.refuse_booking_mail(p_id bigint, p_error text)

CREATE FUNCTION private.refuse_booking_mail(p_id bigint, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  update private.booking_messages m
     set failed_at = now(), refused_at = now(),
         last_error = left(coalesce(p_error, 'refused'), 500),
         due_at = 'infinity', manage_token = null, claimed_until = null
   where m.id = p_id and m.sent_at is null;
end
$$;

REVOKE ALL ON FUNCTION private.refuse_booking_mail(p_id bigint, p_error text) FROM PUBLIC;


-- Function private.refuse_company_alert(p_id bigint, p_error text)

CREATE FUNCTION private.refuse_company_alert(p_id bigint, p_error text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update private.company_alerts a
     set failed_at = now(), refused_at = now(), due_at = 'infinity', claimed_until = null,
         last_error = left(coalesce(p_error, 'refused'), 500)
   where a.id = p_id and a.sent_at is null;
$$;

REVOKE ALL ON FUNCTION private.refuse_company_alert(p_id bigint, p_error text) FROM PUBLIC;


-- Function private.refuse_for_a_day(p_reason text, p_message text, p_oldest timestamp with time zone, p_now timestamp with time zone)

CREATE FUNCTION private.refuse_for_a_day(p_reason text, p_message text, p_oldest timestamp with time zone, p_now timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  wait_seconds integer :=
    greatest(1, ceil(extract(epoch from p_oldest + interval '1 day' - p_now)))::integer;
begin
  perform private.booking_refuse(429, p_reason, p_message,
    format('Tente de novo em %s hora(s).', ceil(wait_seconds / 3600.0)),
    jsonb_build_object('Retry-After', wait_seconds::text));
end
$$;

REVOKE ALL ON FUNCTION private.refuse_for_a_day(p_reason text, p_message text, p_oldest timestamp with time zone, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.refuse_lead_reply(p_id bigint, p_error text)

CREATE FUNCTION private.refuse_lead_reply(p_id bigint, p_error text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update private.lead_replies r
     set failed_at = now(), refused_at = now(), due_at = 'infinity', claimed_until = null,
         last_error = left(coalesce(p_error, 'refused'), 500)
   where r.id = p_id and r.sent_at is null;
$$;

REVOKE ALL ON FUNCTION private.refuse_lead_reply(p_id bigint, p_error text) FROM PUBLIC;


-- Function private.refuse_mail(p_send_id bigint, p_error text)

CREATE FUNCTION private.refuse_mail(p_send_id bigint, p_error text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.refuse_mail(p_send_id bigint, p_error text) FROM PUBLIC;


-- Function private.refuse_slot(p_now timestamp with time zone, p_starts_at timestamp with time zone, p_ignore_booking uuid)

CREATE FUNCTION private.refuse_slot(p_now timestamp with time zone, p_starts_at timestamp with time zone, p_ignore_booking uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if exists (
    select 1
      from private.booking_settings s,
      private.free_slots(p_now, p_starts_at, p_starts_at + make_interval(mins => s.slot_minutes),
        p_ignore_booking, false) f
     where f.starts_at = p_starts_at
  ) then
    perform private.booking_refuse(409, 'slot_taken',
      'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.');
  end if;
  perform private.booking_refuse(409, 'slot_unavailable',
    'Esse horário não está disponível. Escolha outro horário da lista.');
end
$$;

REVOKE ALL ON FUNCTION private.refuse_slot(p_now timestamp with time zone, p_starts_at timestamp with time zone, p_ignore_booking uuid) FROM PUBLIC;


-- Function private.refuse_waiting_holds(p_until timestamp with time zone, p_now timestamp with time zone)

CREATE FUNCTION private.refuse_waiting_holds(p_until timestamp with time zone, p_now timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.booking_refuse(429, 'network_holds',
    'Outro agendamento feito desta rede ainda aguarda confirmação por e-mail. Tente de novo em alguns minutos.',
    format('Tente de novo em %s minuto(s).', ceil(extract(epoch from p_until - p_now) / 60.0)),
    jsonb_build_object('Retry-After',
      greatest(1, ceil(extract(epoch from p_until - p_now)))::integer::text));
end
$$;

REVOKE ALL ON FUNCTION private.refuse_waiting_holds(p_until timestamp with time zone, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.release_bookings(p_email text, p_address text, p_created_after timestamp with time zone)

CREATE FUNCTION private.release_bookings(p_email text DEFAULT NULL::text, p_address text DEFAULT NULL::text, p_created_after timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  address_key text := coalesce(private.client_key(p_address), nullif(btrim(p_address), ''));
  released integer := 0;
  junk record;
begin
  if p_email is null and address_key is null and p_created_after is null then
    raise exception 'Name an e-mail, an address or an instant.' using errcode = '22023';
  end if;
  for junk in
    select b.id, b.lead_id from public.bookings b
     where b.status in ('pending', 'confirmed', 'held')
       and b.starts_at > now()
       and (p_email is null or lower(b.email) = lower(btrim(p_email)))
       and (address_key is null or b.client_key = address_key)
       and (p_created_after is null or b.created_at >= p_created_after)
     order by b.starts_at
  loop
    perform private.cancel_booking(junk.id, 'company', null, false, now());
    update public.contact_submissions s
       set lead_status = 'spam', status_changed_at = now()
     where s.id = junk.lead_id;
    released := released + 1;
  end loop;
  return released;
end
$$;

REVOKE ALL ON FUNCTION private.release_bookings(p_email text, p_address text, p_created_after timestamp with time zone) FROM PUBLIC;


-- Function private.release_holds_of_closed_day()

CREATE FUNCTION private.release_holds_of_closed_day() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  hold record;
begin
  for hold in
    select b.id from public.bookings b, private.booking_settings s
     where b.status = 'pending'
       and b.starts_at >= new.day::timestamp at time zone s.time_zone
       and b.starts_at < (new.day + 1)::timestamp at time zone s.time_zone
  loop
    perform private.cancel_booking(hold.id, 'company', null, false, now());
  end loop;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.release_holds_of_closed_day() FROM PUBLIC;


-- Function private.release_network_bookings(p_network text)

CREATE FUNCTION private.release_network_bookings(p_network text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  target cidr := private.blocked_network_of(p_network);
  released integer := 0;
  junk record;
begin
  for junk in
    select b.id, b.lead_id from public.bookings b
     where b.status in ('pending', 'confirmed', 'held')
       and b.starts_at > now()
       and private.address_of(b.client_key) <<= target
     order by b.starts_at
  loop
    perform private.cancel_booking(junk.id, 'company', null, false, now());
    update public.contact_submissions s
       set lead_status = 'spam', status_changed_at = now()
     where s.id = junk.lead_id;
    released := released + 1;
  end loop;
  return released;
end
$$;

REVOKE ALL ON FUNCTION private.release_network_bookings(p_network text) FROM PUBLIC;


-- Function private.release_webhook_delivery(p_delivery_id bigint)

CREATE FUNCTION private.release_webhook_delivery(p_delivery_id bigint) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update private.webhook_deliveries set claimed_until = null
   where id = p_delivery_id and delivered_at is null
$$;

REVOKE ALL ON FUNCTION private.release_webhook_delivery(p_delivery_id bigint) FROM PUBLIC;


-- Function private.release_webhook_send(p_send_id bigint)

CREATE FUNCTION private.release_webhook_send(p_send_id bigint) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  update private.webhook_deliveries set claimed_until = null
   where send_id = p_send_id and delivered_at is null;
  perform private.finish_outbox_send(p_send_id, false);
end
$$;

REVOKE ALL ON FUNCTION private.release_webhook_send(p_send_id bigint) FROM PUBLIC;


-- Function private.remember_erasures(p_kind text, p_values text[])

CREATE FUNCTION private.remember_erasures(p_kind text, p_values text[]) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  insert into private.erasures as e (kind, key, digest, erased_at)
  select distinct p_kind, k.key, private.erasure_digest(k.key, v), now()
    from private.erasure_key k, unnest(p_values) v
   where v is not null and btrim(v) <> ''
  on conflict (kind, key, digest) do update set erased_at = greatest(e.erased_at, excluded.erased_at);
$$;

REVOKE ALL ON FUNCTION private.remember_erasures(p_kind text, p_values text[]) FROM PUBLIC;


-- Function private.replace_busy_times(p_times jsonb)

CREATE FUNCTION private.replace_busy_times(p_times jsonb) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  stored integer;
begin
  if jsonb_typeof(p_times) is distinct from 'array' then
    raise exception 'replace_busy_times takes a JSON array' using errcode = '22023';
  end if;
  -- One import at a time, whichever server runs it: a second one waits here, then deletes
  -- what the first inserted (each statement sees what committed before it), so two at once
  -- leave one set, never two or none. Readers (the free times) do not wait: this mode
  -- conflicts only with writers.
  lock table private.busy_times in share row exclusive mode;
  delete from private.busy_times;
  insert into private.busy_times (starts_at, ends_at, source_uid)
  select t.starts_at, t.ends_at, left(t.source_uid, 300)
    from jsonb_to_recordset(p_times) as t (starts_at timestamptz, ends_at timestamptz, source_uid text),
         private.booking_settings s
   where t.starts_at < t.ends_at
     and exists (
       select 1
         from generate_series(0,
                (t.ends_at at time zone s.time_zone)::date
                  - (t.starts_at at time zone s.time_zone)::date) as g (n),
         lateral (select (t.starts_at at time zone s.time_zone)::date + g.n as day) d
        where extract(isodow from d.day)::integer = any (s.weekdays)
          and tstzrange(t.starts_at, t.ends_at) && tstzrange(
                ((d.day + s.opens) at time zone s.time_zone)
                  - make_interval(mins => s.buffer_minutes),
                ((d.day + s.closes) at time zone s.time_zone)
                  + make_interval(mins => s.buffer_minutes))
     );
  get diagnostics stored = row_count;
  update private.busy_feed_status
     set last_success_at = now(), last_error_at = null, last_error = null, events = stored;
  return stored;
end
$$;

REVOKE ALL ON FUNCTION private.replace_busy_times(p_times jsonb) FROM PUBLIC;


-- Function private.reply_deadline(p_start timestamp with time zone, p_hours numeric)

CREATE FUNCTION private.reply_deadline(p_start timestamp with time zone, p_hours numeric) RETURNS timestamp with time zone
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  left_seconds numeric := p_hours * 3600;
  first_day date;
  from_day date;
  span record;
  counted_from timestamptz;
begin
  if p_start is null or p_hours is null then
    return null;
  end if;
  if p_hours <= 0 or (select r.reply_clock from private.reply_settings r) is distinct from 'business'
  then
    return p_start + make_interval(secs => left_seconds);
  end if;
  first_day := (select (p_start at time zone b.time_zone)::date from private.booking_settings b);
  from_day := first_day;
  while from_day <= first_day + 366 loop
    for span in select * from private.office_hours(from_day, from_day + 13) o order by o.day loop
      counted_from := greatest(p_start, span.opens_at);
      if counted_from < span.closes_at then
        if extract(epoch from span.closes_at - counted_from) >= left_seconds then
          return counted_from + make_interval(secs => left_seconds);
        end if;
        left_seconds := left_seconds - extract(epoch from span.closes_at - counted_from);
      end if;
    end loop;
    from_day := from_day + 14;
  end loop;
  return p_start + interval '1 year';
end
$$;

REVOKE ALL ON FUNCTION private.reply_deadline(p_start timestamp with time zone, p_hours numeric) FROM PUBLIC;


-- Function private.reply_hours_before(p_at timestamp with time zone, p_hours numeric)

CREATE FUNCTION private.reply_hours_before(p_at timestamp with time zone, p_hours numeric) RETURNS timestamp with time zone
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  left_seconds numeric := p_hours * 3600;
  last_day date;
  to_day date;
  span record;
  counted_to timestamptz;
begin
  if p_at is null or p_hours is null then
    return null;
  end if;
  if p_hours <= 0 or (select r.reply_clock from private.reply_settings r) is distinct from 'business'
  then
    return p_at - make_interval(secs => left_seconds);
  end if;
  last_day := (select (p_at at time zone b.time_zone)::date from private.booking_settings b);
  to_day := last_day;
  while to_day >= last_day - 366 loop
    for span in select * from private.office_hours(to_day - 13, to_day) o order by o.day desc loop
      counted_to := least(p_at, span.closes_at);
      if counted_to > span.opens_at then
        if extract(epoch from counted_to - span.opens_at) >= left_seconds then
          return counted_to - make_interval(secs => left_seconds);
        end if;
        left_seconds := left_seconds - extract(epoch from counted_to - span.opens_at);
      end if;
    end loop;
    to_day := to_day - 14;
  end loop;
  return p_at - interval '1 year';
end
$$;

REVOKE ALL ON FUNCTION private.reply_hours_before(p_at timestamp with time zone, p_hours numeric) FROM PUBLIC;


-- Function private.request_client_ip()

CREATE FUNCTION private.request_client_ip() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.client_address(
      coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'),
      c.client_address_header,
      c.client_address_hops)
    from private.contact_settings c
$$;

REVOKE ALL ON FUNCTION private.request_client_ip() FROM PUBLIC;


-- Function private.request_edge_function(p_path text, p_timeout_ms integer)

CREATE FUNCTION private.request_edge_function(p_path text, p_timeout_ms integer DEFAULT 5000) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  project_url text;
  publishable_key text;
  sweep_secret text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not installed: % is not requested.', p_path;
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
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
    using
      rtrim(project_url, '/') || '/functions/v1/' || p_path,
      '{}'::jsonb,
      jsonb_build_object(
        'Content-Type', 'application/json',
        'apikey', publishable_key,
        'Authorization', 'Bearer ' || publishable_key,
        'X-Mail-Sweep-Secret', sweep_secret
      ),
      p_timeout_ms;
end
$_$;

REVOKE ALL ON FUNCTION private.request_edge_function(p_path text, p_timeout_ms integer) FROM PUBLIC;


-- Function private.request_function_sweep(p_path text)

CREATE FUNCTION private.request_function_sweep(p_path text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.request_edge_function(p_path);
end
$$;

REVOKE ALL ON FUNCTION private.request_function_sweep(p_path text) FROM PUBLIC;


-- Function private.request_mail_sweep()

CREATE FUNCTION private.request_mail_sweep() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.request_edge_function('send-contact-email/retry');
end
$$;

REVOKE ALL ON FUNCTION private.request_mail_sweep() FROM PUBLIC;


-- Function private.request_webhook_sweep()

CREATE FUNCTION private.request_webhook_sweep() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.request_webhook_sweep() FROM PUBLIC;


-- Function private.reschedule_booking(p_token text, p_starts_at timestamp with time zone, p_now timestamp with time zone)

CREATE FUNCTION private.reschedule_booking(p_token text, p_starts_at timestamp with time zone, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.booking_settings;
  booking public.bookings;
begin
  if private.is_network_blocked(private.client_key(private.request_client_ip())) then
    perform private.refuse_blocked_booking();
  end if;
  booking := private.booking_to_change(p_token, p_now);
  select * into settings from private.booking_settings;
  if p_starts_at is null then
    perform private.booking_refuse(400, 'slot_required', 'Escolha um horário para a reunião.');
  end if;
  if p_starts_at = booking.starts_at then
    return private.booking_json(booking, p_now);
  end if;
  if booking.sequence >= private.booking_change_limit() then
    perform private.booking_refuse(409, 'too_many_changes',
      'Esse agendamento já foi remarcado muitas vezes. Para mudar de novo, fale com a gente por e-mail ou telefone.');
  end if;
  if not private.is_slot_free(p_now, p_starts_at, booking.id) then
    perform private.refuse_slot(p_now, p_starts_at, booking.id);
  end if;
  perform private.lock_booking_day(p_starts_at);
  perform private.expire_booking_holds(p_now, tstzrange(p_starts_at,
    p_starts_at + make_interval(mins => settings.slot_minutes + settings.buffer_minutes)));
  if not private.is_slot_free(p_now, p_starts_at, booking.id) then
    perform private.refuse_slot(p_now, p_starts_at, booking.id);
  end if;
  begin
    update public.bookings b
       set starts_at = p_starts_at,
           ends_at = p_starts_at + make_interval(mins => settings.slot_minutes),
           blocked_until = p_starts_at
             + make_interval(mins => settings.slot_minutes + settings.buffer_minutes),
           sequence = b.sequence + 1,
           updated_at = p_now
     where b.id = booking.id
    returning * into booking;
  exception when exclusion_violation then
    perform private.booking_refuse(409, 'slot_taken',
      'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.');
  end;
  update public.contact_submissions s set message = private.booking_lead_text(booking, p_now)
   where s.id = booking.lead_id;
  perform private.queue_booking_messages(booking, 'update', p_now);
  return private.booking_json(booking, p_now);
end
$$;

REVOKE ALL ON FUNCTION private.reschedule_booking(p_token text, p_starts_at timestamp with time zone, p_now timestamp with time zone) FROM PUBLIC;


-- Function private.restore_quarantined(p_id uuid, p_via text)

CREATE FUNCTION private.restore_quarantined(p_id uuid, p_via text DEFAULT 'sql'::text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  entry private.quarantined_submissions;
  lead_id uuid;
begin
  select * into entry from private.quarantined_submissions where id = p_id for update;
  if not found then
    return null;
  end if;
  perform set_config('contact.restoring_quarantined', p_id::text, true);
  insert into public.contact_submissions (created_at, name, email, company, message,
    referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (entry.quarantined_at, entry.name, entry.email, entry.company, entry.message,
    entry.referrer_origin, entry.landing_path, entry.utm_source, entry.utm_medium,
    entry.utm_campaign, entry.utm_term, entry.utm_content)
  returning id into lead_id;
  perform set_config('contact.restoring_quarantined', '', true);
  if lead_id is null then
    -- The guard merged it into the same lead sent seconds ago: that one is the lead.
    select s.id into lead_id from public.contact_submissions s
     where s.name = entry.name and s.email = entry.email and s.message = entry.message
       and s.company is not distinct from entry.company
     order by s.created_at desc limit 1;
  end if;
  delete from private.quarantined_submissions where id = p_id;
  insert into private.lead_audit (action, leads, via) values ('restore', 1, p_via);
  return lead_id;
end
$$;

REVOKE ALL ON FUNCTION private.restore_quarantined(p_id uuid, p_via text) FROM PUBLIC;


-- Function private.retry_webhook_receiver(p_receiver_id bigint)

CREATE FUNCTION private.retry_webhook_receiver(p_receiver_id bigint) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  retried integer;
begin
  update private.webhook_receivers set disabled_at = null where id = p_receiver_id;
  update private.webhook_deliveries d
     set due_at = now(), failed_at = null, attempts = 0
   where d.receiver_id = p_receiver_id and d.delivered_at is null
     and (d.claimed_until is null or d.claimed_until <= now());
  get diagnostics retried = row_count;
  return retried;
end
$$;

REVOKE ALL ON FUNCTION private.retry_webhook_receiver(p_receiver_id bigint) FROM PUBLIC;


-- Function private.run_pipeline_watch()

CREATE FUNCTION private.run_pipeline_watch() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.run_pipeline_watch() FROM PUBLIC;


-- Function private.schedule_if_cron(p_job text, p_schedule text, p_command text)

CREATE FUNCTION private.schedule_if_cron(p_job text, p_schedule text, p_command text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: % is not scheduled (the Node server runs it).', p_job;
    return false;
  end if;
  begin
    -- As Supabase enables it; the empty search_path leaves no default schema.
    create extension if not exists pg_cron with schema pg_catalog;
  exception when others then
    -- Installed but not preloaded (shared_preload_libraries), for example.
    raise notice 'pg_cron could not be enabled (%): % is not scheduled.', sqlerrm, p_job;
    return false;
  end;
  perform cron.schedule(p_job, p_schedule, p_command);
  return true;
end
$$;

REVOKE ALL ON FUNCTION private.schedule_if_cron(p_job text, p_schedule text, p_command text) FROM PUBLIC;


-- Function private.search_fold(value text)

CREATE FUNCTION private.search_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select translate(
    lower(value),
    'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ',
    'aaaaaaeeeeiiiiooooouuuucnyaaaaaaeeeeiiiiooooouuuucnyy'
  )
$$;


-- Function private.set_booking_outcome(p_id uuid, p_outcome text)

CREATE FUNCTION private.set_booking_outcome(p_id uuid, p_outcome text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  booking public.bookings;
begin
  if p_outcome is null or p_outcome not in ('held', 'no_show') then
    raise exception 'The outcome is held or no_show.' using errcode = '22023';
  end if;
  select * into booking from public.bookings b where b.id = p_id for update;
  if not found then
    return 'not_found';
  end if;
  if booking.status = 'cancelled' then
    return 'cancelled';
  end if;
  if booking.starts_at > now() then
    return 'not_started';
  end if;
  update public.bookings b
     set status = p_outcome,
         updated_at = case when b.status = p_outcome then b.updated_at else now() end
   where b.id = p_id;
  return 'saved';
end
$$;

REVOKE ALL ON FUNCTION private.set_booking_outcome(p_id uuid, p_outcome text) FROM PUBLIC;


-- Function private.single_mail_budget()

CREATE FUNCTION private.single_mail_budget() RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select s.mail_per_hour - (
    select count(*)::integer from private.mail_sends m
     where m.kind = 'single' and m.started_at > now() - interval '1 hour'
       and m.ok is not false)
    from private.contact_settings s
$$;

REVOKE ALL ON FUNCTION private.single_mail_budget() FROM PUBLIC;


-- Function private.split_alert_send(p_send_id bigint, p_ids bigint[], p_lease_minutes integer)

CREATE FUNCTION private.split_alert_send(p_send_id bigint, p_ids bigint[], p_lease_minutes integer) RETURNS SETOF private.company_alert_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  send private.outbox_sends;
  new_send bigint;
  moved integer;
begin
  select * into send from private.outbox_sends where id = p_send_id;
  perform private.finish_outbox_send(p_send_id, false);
  new_send := private.open_outbox_send(send.queue, send.channel, 'digest', 0);
  return query
    update private.company_alerts a
       set claimed_until = now() + make_interval(mins => p_lease_minutes), send_id = new_send
     where a.id = any(p_ids) and a.send_id = p_send_id and a.sent_at is null
    returning a.id, a.kind, a.lead_id, a.incident_id, a.week::text, new_send, 'digest'::text;
  get diagnostics moved = row_count;
  if moved = 0 then
    delete from private.outbox_sends where id = new_send;
  else
    update private.outbox_sends set items = moved where id = new_send;
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.split_alert_send(p_send_id bigint, p_ids bigint[], p_lease_minutes integer) FROM PUBLIC;


-- Function private.split_mail_send(p_send_id bigint, p_ids uuid[], p_lease_minutes integer)

CREATE FUNCTION private.split_mail_send(p_send_id bigint, p_ids uuid[], p_lease_minutes integer) RETURNS SETOF private.mail_claim
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.split_mail_send(p_send_id bigint, p_ids uuid[], p_lease_minutes integer) FROM PUBLIC;


-- Function private.start_reply_clock()

CREATE FUNCTION private.start_reply_clock() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.waiting_since := now();
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.start_reply_clock() FROM PUBLIC;


-- Function private.sweep_overdue_leads(p_limit integer)

CREATE FUNCTION private.sweep_overdue_leads(p_limit integer DEFAULT 50) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.reply_settings;
  zone text := (select b.time_zone from private.booking_settings b);
  alert_due_before timestamptz;
  past_deadline_before timestamptz;
  lead public.contact_submissions;
  deadline timestamptz;
  alerted integer := 0;
begin
  select * into settings from private.reply_settings;
  alert_due_before := private.reply_hours_before(now(), settings.alert_after_hours);
  past_deadline_before := private.reply_hours_before(now() - interval '1 day',
                                                     settings.promise_hours);
  for lead in
    with due as (
      select s.id from public.contact_submissions s
       where s.first_answered_at is null
         and coalesce(s.waiting_since, s.created_at) <= alert_due_before
         and coalesce(s.waiting_since, s.created_at) > past_deadline_before
         and coalesce(s.waiting_since, s.created_at) >= settings.tracked_since
         and s.overdue_alerted_at is null
         and s.lead_status <> 'spam'
       order by coalesce(s.waiting_since, s.created_at)
       limit p_limit
         for update skip locked
    )
    update public.contact_submissions s set overdue_alerted_at = now()
      from due where s.id = due.id
    returning s.*
  loop
    deadline := private.reply_deadline(coalesce(lead.waiting_since, lead.created_at),
                                       settings.promise_hours);
    perform private.queue_webhook_event('lead.overdue', lead.id, jsonb_build_object('lead',
      private.webhook_lead(lead) || jsonb_build_object(
        'waiting_since', private.webhook_utc(coalesce(lead.waiting_since, lead.created_at)),
        'deadline_at', private.webhook_utc(deadline),
        'deadline_at_local', private.webhook_local(deadline, zone),
        'promise_hours', settings.promise_hours,
        'reply_clock', settings.reply_clock)));
    insert into private.company_alerts (kind, lead_id) values ('lead_overdue', lead.id);
    alerted := alerted + 1;
  end loop;
  return alerted;
end
$$;

REVOKE ALL ON FUNCTION private.sweep_overdue_leads(p_limit integer) FROM PUBLIC;


-- Function private.sync_webhook_receivers(p_receivers jsonb)

CREATE FUNCTION private.sync_webhook_receivers(p_receivers jsonb) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  listed integer;
begin
  -- Two servers starting together write one list after the other.
  perform pg_advisory_xact_lock(7242120);
  insert into private.webhook_receivers as r (url, format)
  select distinct on (x.url) x.url, x.format
    from jsonb_array_elements(p_receivers) with ordinality as e(receiver, position),
         jsonb_to_record(e.receiver) as x(url text, format text)
   order by x.url, e.position desc
  on conflict (url) do update set format = excluded.format, active = true;
  update private.webhook_receivers r set active = false
   where r.active
     and r.url not in (select x.url from jsonb_to_recordset(p_receivers) as x(url text));
  select count(*) into listed from private.webhook_receivers r where r.active;
  return listed;
end
$$;

REVOKE ALL ON FUNCTION private.sync_webhook_receivers(p_receivers jsonb) FROM PUBLIC;


-- Function private.tally_lead_days(p_from date)

CREATE FUNCTION private.tally_lead_days(p_from date) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  hours numeric := (select r.promise_hours from private.reply_settings r);
  promise interval := make_interval(secs => hours * 3600);
  ended_before date := (private.reply_hours_before(now() - interval '1 hour', hours)
                          at time zone 'UTC')::date;
  last_day date := least(ended_before, p_from + 91) - 1;
  tallied integer;
begin
  if not exists (
    select 1 from generate_series(0, last_day - p_from) n
     where not exists (select 1 from private.lead_tally_days t where t.day = p_from + n)
  ) then
    return 0;
  end if;
  perform private.lock_lead_tallies();
  delete from private.lead_tally_days t where t.day < p_from - 7;
  with missing as (
    insert into private.lead_tally_days (day)
    select p_from + n from generate_series(0, last_day - p_from) n
    on conflict do nothing
    returning day
  ),
  span as (
    select (min(day)::timestamp at time zone 'UTC') as starts,
           ((max(day) + 1)::timestamp at time zone 'UTC') as ends
      from missing
  ),
  leads as (
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 1 as lead, 0 as meeting,
           s.lead_status <> 'spam' and s.notified_via is distinct from 'booking' as counted,
           s.first_answered_at
      from public.contact_submissions s, span
     where s.created_at >= span.starts and s.created_at < span.ends
    union all
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 0, 1, false, null
      from public.bookings b
      join public.contact_submissions s on s.id = b.lead_id, span
     where s.created_at >= span.starts and s.created_at < span.ends
  ),
  dated as (
    select (l.created_at at time zone 'UTC')::date as day,
           date_bin('15 minutes', l.created_at, timestamptz '2000-01-03 00:00:00+00') as bucket,
           l.utm_source, l.referrer_origin, l.utm_campaign as campaign, l.lead, l.meeting,
           l.counted and l.first_answered_at is not null as answered,
           l.counted and case
             when l.first_answered_at is null then false
             when l.first_answered_at <= l.created_at + promise then true
             else l.first_answered_at <= private.reply_deadline(l.created_at, hours)
           end as in_time,
           l.counted and l.first_answered_at is null as unanswered,
           greatest(0, extract(epoch from l.first_answered_at - l.created_at))::integer
             as answer_seconds
      from leads l
  )
  insert into private.lead_tallies (day, by_time, by_source, bucket, utm_source, referrer_origin,
                                    campaign, leads, meetings, answered, answered_in_time,
                                    unanswered, answer_seconds)
  select d.day, grouping(d.bucket) = 0, grouping(d.utm_source) = 0, d.bucket, d.utm_source,
         d.referrer_origin, d.campaign, sum(d.lead), sum(d.meeting),
         count(*) filter (where d.answered), count(*) filter (where d.in_time),
         count(*) filter (where d.unanswered),
         case when grouping(d.bucket) = 0
              then array_agg(d.answer_seconds) filter (where d.answered) end
    from dated d
   where d.day in (select day from missing)
   group by grouping sets ((d.day, d.bucket), (d.day, d.utm_source, d.referrer_origin),
                          (d.day, d.campaign));
  get diagnostics tallied = row_count;
  return tallied;
end
$$;

REVOKE ALL ON FUNCTION private.tally_lead_days(p_from date) FROM PUBLIC;


-- Function private.tally_public_calls(p_keys text[], p_calls integer[])

CREATE FUNCTION private.tally_public_calls(p_keys text[], p_calls integer[]) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.contact_settings;
  this_minute timestamptz := date_trunc('minute', now());
begin
  select * into settings from private.contact_settings;
  insert into private.public_call_counts as c (client_key, minute, calls)
  select u.key, this_minute, sum(u.calls)::integer
    from unnest(p_keys, p_calls) as u (key, calls)
   where u.key is not null and u.calls > 0
   group by u.key
   order by u.key
  on conflict (client_key, minute) do update set calls = c.calls + excluded.calls;
  delete from private.public_call_counts where minute < this_minute - interval '1 minute';
  return jsonb_build_object(
    'per_minute', settings.calls_per_minute,
    'unknown_per_minute', settings.unknown_calls_per_minute,
    'callers', coalesce((
      select jsonb_agg(jsonb_build_array(k.key, w.recent, w.retry_after,
                                         private.is_caller_blocked(k.key)))
        from (select distinct u.key from unnest(p_keys) as u (key) where u.key is not null) k
        cross join lateral private.public_call_window(
          k.key, private.public_call_limit(k.key), now()) w
    ), '[]'::jsonb));
end
$$;

REVOKE ALL ON FUNCTION private.tally_public_calls(p_keys text[], p_calls integer[]) FROM PUBLIC;


-- Function private.tally_public_calls(p_keys text[], p_calls integer[], p_blocks_version text)

CREATE FUNCTION private.tally_public_calls(p_keys text[], p_calls integer[], p_blocks_version text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  settings private.contact_settings;
  this_minute timestamptz := date_trunc('minute', now());
  version text := private.blocked_networks_version();
begin
  select * into settings from private.contact_settings;
  insert into private.public_call_counts as c (client_key, minute, calls)
  select u.key, this_minute, sum(u.calls)::integer
    from unnest(p_keys, p_calls) as u (key, calls)
   where u.key is not null and u.calls > 0
   group by u.key
   order by u.key
  on conflict (client_key, minute) do update set calls = c.calls + excluded.calls;
  delete from private.public_call_counts where minute < this_minute - interval '1 minute';
  return jsonb_build_object(
    'per_minute', settings.calls_per_minute,
    'per_56_per_minute', settings.calls_per_56_per_minute,
    'per_48_per_minute', settings.calls_per_48_per_minute,
    'unknown_per_minute', settings.unknown_calls_per_minute,
    'callers', coalesce((
      select jsonb_agg(jsonb_build_array(k.key, w.recent, w.retry_after))
        from (select distinct u.key from unnest(p_keys) as u (key) where u.key is not null) k
        cross join lateral private.public_call_window(
          k.key, private.public_call_limit(k.key), now()) w
    ), '[]'::jsonb),
    'blocks_version', version,
    'blocks', case when p_blocks_version is distinct from version then coalesce((
      select jsonb_agg(jsonb_build_array(n.network::text,
               ceil(extract(epoch from n.blocked_until - now()))::bigint) order by n.network)
        from private.blocked_networks n
       where n.blocked_until is null or n.blocked_until > now()
    ), '[]'::jsonb) end);
end
$$;

REVOKE ALL ON FUNCTION private.tally_public_calls(p_keys text[], p_calls integer[], p_blocks_version text) FROM PUBLIC;


-- Function private.unblock_network(p_network text)

CREATE FUNCTION private.unblock_network(p_network text) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  target cidr;
begin
  begin
    target := private.blocked_network_of(p_network);
  exception when others then
    return false;
  end;
  delete from private.blocked_networks b where b.network = target;
  return found;
end
$$;

REVOKE ALL ON FUNCTION private.unblock_network(p_network text) FROM PUBLIC;


-- Function private.utc_text(value timestamp with time zone)

CREATE FUNCTION private.utc_text(value timestamp with time zone) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select to_char(value at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;

REVOKE ALL ON FUNCTION private.utc_text(value timestamp with time zone) FROM PUBLIC;


-- Function private.watch_pipeline()

CREATE FUNCTION private.watch_pipeline() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  overdue integer := private.sweep_overdue_leads();
  incidents integer := private.check_pipeline();
  summary boolean := private.queue_weekly_summary();
begin
  perform private.forget_old_incidents();
  return jsonb_build_object('overdue', overdue, 'incidents', incidents,
    'summary', case when summary then 1 else 0 end);
end
$$;

REVOKE ALL ON FUNCTION private.watch_pipeline() FROM PUBLIC;


-- Function private.webhook_booking(b public.bookings)

CREATE FUNCTION private.webhook_booking(b public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'id', b.id,
    'lead_id', b.lead_id,
    'status', b.status,
    'starts_at', private.webhook_utc(b.starts_at),
    'ends_at', private.webhook_utc(b.ends_at),
    'starts_at_local', private.webhook_local(b.starts_at, s.time_zone),
    'ends_at_local', private.webhook_local(b.ends_at, s.time_zone),
    'time_zone', s.time_zone,
    'visitor_time_zone', b.time_zone,
    'meeting_url', b.meeting_url,
    'name', b.name,
    'email', b.email,
    'company', b.company,
    'note', b.note,
    'desk_url', private.webhook_lead_link(b.lead_id))
    from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION private.webhook_booking(b public.bookings) FROM PUBLIC;


-- Function private.webhook_digest_size(p_format text)

CREATE FUNCTION private.webhook_digest_size(p_format text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case p_format when 'discord' then 10 else 25 end
$$;

REVOKE ALL ON FUNCTION private.webhook_digest_size(p_format text) FROM PUBLIC;


-- Function private.webhook_incident(i private.pipeline_incidents)

CREATE FUNCTION private.webhook_incident(i private.pipeline_incidents) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select jsonb_build_object(
    'id', i.id,
    'kind', i.kind,
    'since', private.webhook_utc(i.since),
    'since_local', private.webhook_local(i.since, b.time_zone),
    'opened_at', private.webhook_utc(i.opened_at),
    'time_zone', b.time_zone,
    'detail', i.detail,
    'desk_url', regexp_replace(w.lead_link_base, 'contatos/$', ''))
    from private.booking_settings b, private.webhook_settings w
$_$;

REVOKE ALL ON FUNCTION private.webhook_incident(i private.pipeline_incidents) FROM PUBLIC;


-- Function private.webhook_lead(s public.contact_submissions)

CREATE FUNCTION private.webhook_lead(s public.contact_submissions) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'id', s.id,
    'received_at', private.webhook_utc(s.created_at),
    'received_at_local', private.webhook_local(s.created_at, b.time_zone),
    'time_zone', b.time_zone,
    'name', s.name,
    'email', s.email,
    'company', s.company,
    'message', s.message,
    'desk_url', private.webhook_lead_link(s.id))
    from private.booking_settings b
$$;

REVOKE ALL ON FUNCTION private.webhook_lead(s public.contact_submissions) FROM PUBLIC;


-- Function private.webhook_lead_link(p_lead_id uuid)

CREATE FUNCTION private.webhook_lead_link(p_lead_id uuid) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select w.lead_link_base || p_lead_id::text from private.webhook_settings w
$$;

REVOKE ALL ON FUNCTION private.webhook_lead_link(p_lead_id uuid) FROM PUBLIC;


-- Function private.webhook_local(value timestamp with time zone, zone text)

CREATE FUNCTION private.webhook_local(value timestamp with time zone, zone text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with offset_minutes as (
    select (extract(epoch from (value at time zone zone) - (value at time zone 'UTC')) / 60)::integer
      as minutes
  )
  select to_char(value at time zone zone, 'YYYY-MM-DD"T"HH24:MI:SS')
      || case when o.minutes < 0 then '-' else '+' end
      || lpad((abs(o.minutes) / 60)::text, 2, '0') || ':'
      || lpad((abs(o.minutes) % 60)::text, 2, '0')
    from offset_minutes o
   where value is not null
$$;

REVOKE ALL ON FUNCTION private.webhook_local(value timestamp with time zone, zone text) FROM PUBLIC;


-- Function private.webhook_retry_delay(p_attempts integer)

CREATE FUNCTION private.webhook_retry_delay(p_attempts integer) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select ('{5,300,1800,7200,18000,36000,50400,72000,86400}'::integer[])[p_attempts]
$$;

REVOKE ALL ON FUNCTION private.webhook_retry_delay(p_attempts integer) FROM PUBLIC;


-- Function private.webhook_utc(value timestamp with time zone)

CREATE FUNCTION private.webhook_utc(value timestamp with time zone) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select to_char(value at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

REVOKE ALL ON FUNCTION private.webhook_utc(value timestamp with time zone) FROM PUBLIC;


-- Function private.week_summary(p_week date)

CREATE FUNCTION private.week_summary(p_week date) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with week as (
    select b.time_zone as tz, r.promise_hours, r.reply_clock,
           make_interval(secs => r.promise_hours * 3600) as promise,
           private.reply_hours_before(now(), r.promise_hours) as due_before,
           (p_week::timestamp at time zone b.time_zone) as starts,
           ((p_week + 7)::timestamp at time zone b.time_zone) as ends
      from private.booking_settings b, private.reply_settings r
  ),
  leads as (
    select s.* from public.contact_submissions s, week w
     where s.created_at >= w.starts and s.created_at < w.ends
  ),
  counted as (
    select l.created_at, l.first_answered_at from leads l
     where l.lead_status <> 'spam' and l.notified_via is distinct from 'booking'
  ),
  answers as (
    select count(*) filter (where c.first_answered_at is not null) as answered,
           count(*) filter (where case
             when c.first_answered_at is null then false
             when c.first_answered_at <= c.created_at + w.promise then true
             else c.first_answered_at <= private.reply_deadline(c.created_at, w.promise_hours)
           end) as in_time,
           count(*) filter (where c.first_answered_at is null
                              and c.created_at <= w.due_before) as unanswered,
           count(*) filter (where c.first_answered_at is null
                              and c.created_at > w.due_before) as waiting,
           percentile_cont(0.5) within group (order by greatest(0,
             extract(epoch from c.first_answered_at - c.created_at)))
             filter (where c.first_answered_at is not null) as median_seconds
      from counted c, week w
  )
  select jsonb_build_object(
    'week', to_char(p_week, 'YYYY-MM-DD'),
    'time_zone', w.tz,
    'promise_hours', w.promise_hours,
    'reply_clock', w.reply_clock,
    'views', (select coalesce(sum(v.views), 0) from private.page_views v
               where v.day >= p_week and v.day < p_week + 7),
    'leads', (select count(*) from leads),
    'meetings', (select count(*) from public.bookings b join leads l on l.id = b.lead_id),
    'answered', a.answered,
    'answered_in_time', a.in_time,
    'unanswered', a.unanswered,
    'waiting', a.waiting,
    'median_answer_seconds', a.median_seconds,
    'incidents', (select coalesce(jsonb_agg(jsonb_build_object(
                    'kind', i.kind,
                    'since', private.webhook_utc(i.since),
                    'opened_at', private.webhook_utc(i.opened_at),
                    'resolved_at', private.webhook_utc(i.resolved_at),
                    'detail', i.detail) order by i.opened_at), '[]')
                    from private.pipeline_incidents i
                   where i.opened_at is not null and i.opened_at < w.ends
                     and (i.resolved_at is null or i.resolved_at >= w.starts)))
    from week w, answers a
$$;

REVOKE ALL ON FUNCTION private.week_summary(p_week date) FROM PUBLIC;


-- =================================================================================================
-- Schema public
-- =================================================================================================


GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;


-- Table public.bookings

CREATE TABLE public.bookings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    lead_id uuid NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    blocked_until timestamp with time zone NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    company text,
    note text NOT NULL,
    time_zone text NOT NULL,
    status text DEFAULT 'confirmed'::text NOT NULL,
    cancelled_at timestamp with time zone,
    cancelled_by text,
    cancel_message text,
    sequence integer DEFAULT 0 NOT NULL,
    meeting_url text NOT NULL,
    manage_token_hash text NOT NULL,
    client_ip text,
    client_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    hold_until timestamp with time zone,
    confirmed_at timestamp with time zone DEFAULT now(),
    hold_token_hash text,
    client_network text,
    CONSTRAINT bookings_cancel_message_check CHECK ((char_length(cancel_message) <= 1000)),
    CONSTRAINT bookings_cancelled_by_check CHECK ((cancelled_by = ANY (ARRAY['visitor'::text, 'company'::text]))),
    CONSTRAINT bookings_cancelled_check CHECK (((status = 'cancelled'::text) = (cancelled_at IS NOT NULL))),
    CONSTRAINT bookings_company_check CHECK ((char_length(company) <= 200)),
    CONSTRAINT bookings_email_check CHECK ((char_length(email) <= 254)),
    CONSTRAINT bookings_name_check CHECK ((char_length(name) <= 200)),
    CONSTRAINT bookings_note_check CHECK ((char_length(note) <= 1000)),
    CONSTRAINT bookings_pending_check CHECK ((((status = 'pending'::text) = ((confirmed_at IS NULL) AND (cancelled_at IS NULL))) AND ((status <> 'pending'::text) OR (hold_until IS NOT NULL)))),
    CONSTRAINT bookings_sequence_check CHECK ((sequence >= 0)),
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'held'::text, 'no_show'::text, 'cancelled'::text]))),
    CONSTRAINT bookings_time_zone_check CHECK ((char_length(time_zone) <= 64)),
    CONSTRAINT bookings_times_check CHECK (((starts_at < ends_at) AND (ends_at <= blocked_until)))
);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_hold_token_hash_key UNIQUE (hold_token_hash);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_lead_id_key UNIQUE (lead_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_manage_token_hash_key UNIQUE (manage_token_hash);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_one_meeting_per_slot EXCLUDE USING gist (tstzrange(starts_at, blocked_until) WITH &&) WHERE ((status <> 'cancelled'::text));

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE INDEX bookings_client_created_idx ON public.bookings USING btree (client_key, created_at);

CREATE INDEX bookings_confirmed_email_idx ON public.bookings USING btree (lower(email)) WHERE ((confirmed_at IS NOT NULL) AND (hold_until IS NOT NULL));

CREATE INDEX bookings_email_idx ON public.bookings USING btree (lower(email));

CREATE INDEX bookings_network_created_idx ON public.bookings USING btree (client_network, created_at) WHERE (client_network IS NOT NULL);

CREATE INDEX bookings_pending_idx ON public.bookings USING btree (hold_until) WHERE (status = 'pending'::text);

CREATE INDEX bookings_recipient_idx ON public.bookings USING btree (private.mail_recipient_key(email));

CREATE INDEX bookings_starts_idx ON public.bookings USING btree (starts_at) WHERE (status <> 'cancelled'::text);

CREATE TRIGGER answer_leads_of_booking AFTER INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.answer_leads_of_booking();

CREATE TRIGGER forget_tallies_of_meeting AFTER INSERT OR DELETE OR UPDATE OF lead_id ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.forget_tallies_of_meeting();

ALTER TABLE public.bookings ENABLE ALWAYS TRIGGER forget_tallies_of_meeting;

CREATE TRIGGER queue_booking_webhook AFTER INSERT OR UPDATE OF status, starts_at ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.queue_booking_webhook();

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

COMMENT ON TABLE public.bookings IS 'Consultations booked on the site. Visitors (anon) reach them only through the booking functions.';

GRANT ALL ON TABLE public.bookings TO service_role;


-- Table public.contact_submissions

CREATE TABLE public.contact_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    company text,
    message text NOT NULL,
    client_ip text,
    notified_at timestamp with time zone,
    notify_attempts integer DEFAULT 0 NOT NULL,
    next_notify_at timestamp with time zone,
    notify_error text,
    notified_via text,
    notify_send_id bigint,
    form_trap text,
    form_elapsed_ms integer,
    client_key text,
    lead_status text DEFAULT 'novo'::text NOT NULL,
    status_changed_at timestamp with time zone,
    desk_note text,
    search_text text GENERATED ALWAYS AS (private.search_fold(((((((name || ' '::text) || email) || ' '::text) || COALESCE(company, ''::text)) || ' '::text) || message))) STORED,
    notify_refused_at timestamp with time zone,
    referrer_origin text,
    landing_path text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    utm_term text,
    utm_content text,
    waiting_since timestamp with time zone,
    first_answered_at timestamp with time zone,
    first_answer_via text,
    overdue_alerted_at timestamp with time zone,
    CONSTRAINT contact_submissions_attribution_check CHECK (((char_length(referrer_origin) <= 260) AND (char_length(landing_path) <= 200) AND (char_length(utm_source) <= 100) AND (char_length(utm_medium) <= 100) AND (char_length(utm_campaign) <= 200) AND (char_length(utm_term) <= 200) AND (char_length(utm_content) <= 200))),
    CONSTRAINT contact_submissions_company_check CHECK (((char_length(company) <= 200) AND (company !~ '[\x01-\x1f\x7f]'::text))),
    CONSTRAINT contact_submissions_desk_note_check CHECK ((char_length(desk_note) <= 5000)),
    CONSTRAINT contact_submissions_email_check CHECK (((char_length(email) <= 320) AND (email ~ '^[^@ \x01-\x1f\x7f]+@[^@ \x01-\x1f\x7f]+\.[^@ \x01-\x1f\x7f]+$'::text) AND (char_length(split_part(email, '@'::text, 1)) <= 64))),
    CONSTRAINT contact_submissions_first_answer_check CHECK ((((first_answered_at IS NULL) = (first_answer_via IS NULL)) AND (first_answer_via = ANY (ARRAY['resposta'::text, 'manual'::text, 'situacao'::text, 'reuniao'::text])))),
    CONSTRAINT contact_submissions_lead_status_check CHECK ((lead_status = ANY (ARRAY['novo'::text, 'em_contato'::text, 'fechado'::text, 'spam'::text]))),
    CONSTRAINT contact_submissions_message_check CHECK (((char_length(message) <= 5000) AND (message ~ '[^ \t\n\v\f\r]'::text))),
    CONSTRAINT contact_submissions_name_check CHECK (((char_length(name) <= 200) AND (char_length(btrim(name)) >= 1) AND (name !~ '[\x01-\x1f\x7f]'::text))),
    CONSTRAINT contact_submissions_notified_via_check CHECK ((notified_via = ANY (ARRAY['single'::text, 'digest'::text, 'booking'::text])))
);

ALTER TABLE ONLY public.contact_submissions
    ADD CONSTRAINT contact_submissions_pkey PRIMARY KEY (id);

CREATE INDEX contact_submissions_email_idx ON public.contact_submissions USING btree (email, created_at);

CREATE INDEX contact_submissions_email_lower_idx ON public.contact_submissions USING btree (lower(email));

CREATE INDEX contact_submissions_newest_idx ON public.contact_submissions USING btree (created_at DESC, id DESC);

CREATE INDEX contact_submissions_pending_idx ON public.contact_submissions USING btree (created_at) WHERE (notified_at IS NULL);

CREATE INDEX contact_submissions_send_idx ON public.contact_submissions USING btree (notify_send_id) WHERE (notify_send_id IS NOT NULL);

CREATE INDEX contact_submissions_unanswered_idx ON public.contact_submissions USING btree (COALESCE(waiting_since, created_at)) WHERE (first_answered_at IS NULL);

CREATE TRIGGER answer_booking_lead BEFORE INSERT ON public.contact_submissions FOR EACH ROW WHEN ((new.notified_via = 'booking'::text)) EXECUTE FUNCTION private.answer_booking_lead();

CREATE TRIGGER answer_contacted_lead BEFORE UPDATE OF lead_status ON public.contact_submissions FOR EACH ROW WHEN (((new.first_answered_at IS NULL) AND (new.lead_status = ANY (ARRAY['em_contato'::text, 'fechado'::text])) AND (old.lead_status IS DISTINCT FROM new.lead_status))) EXECUTE FUNCTION private.answer_contacted_lead();

CREATE TRIGGER attribution_clean BEFORE INSERT OR UPDATE OF referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.clean_attribution();

CREATE TRIGGER block_network_submission BEFORE INSERT ON public.contact_submissions FOR EACH ROW WHEN ((new.notified_via IS DISTINCT FROM 'booking'::text)) EXECUTE FUNCTION private.refuse_blocked_submission();

CREATE TRIGGER forget_tallies_of_answered_lead AFTER UPDATE OF first_answered_at, lead_status ON public.contact_submissions FOR EACH ROW WHEN (((old.first_answered_at IS DISTINCT FROM new.first_answered_at) OR ((old.lead_status = 'spam'::text) IS DISTINCT FROM (new.lead_status = 'spam'::text)))) EXECUTE FUNCTION private.forget_tallies_of_changed_lead();

ALTER TABLE public.contact_submissions ENABLE ALWAYS TRIGGER forget_tallies_of_answered_lead;

CREATE TRIGGER forget_tallies_of_changed_lead AFTER UPDATE OF created_at, utm_source, referrer_origin, utm_campaign ON public.contact_submissions FOR EACH ROW WHEN (((old.created_at IS DISTINCT FROM new.created_at) OR (old.utm_source IS DISTINCT FROM new.utm_source) OR (old.referrer_origin IS DISTINCT FROM new.referrer_origin) OR (old.utm_campaign IS DISTINCT FROM new.utm_campaign))) EXECUTE FUNCTION private.forget_tallies_of_changed_lead();

ALTER TABLE public.contact_submissions ENABLE ALWAYS TRIGGER forget_tallies_of_changed_lead;

CREATE TRIGGER forget_tallies_of_erased_leads AFTER DELETE ON public.contact_submissions REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION private.forget_tallies_of_erased_leads();

ALTER TABLE public.contact_submissions ENABLE ALWAYS TRIGGER forget_tallies_of_erased_leads;

CREATE TRIGGER forget_tallies_of_late_lead AFTER INSERT ON public.contact_submissions FOR EACH ROW WHEN ((new.created_at < (now() - '01:00:00'::interval))) EXECUTE FUNCTION private.forget_tallies_of_changed_lead();

ALTER TABLE public.contact_submissions ENABLE ALWAYS TRIGGER forget_tallies_of_late_lead;

CREATE TRIGGER guard_contact_submission BEFORE INSERT ON public.contact_submissions FOR EACH ROW WHEN ((new.notified_via IS DISTINCT FROM 'booking'::text)) EXECUTE FUNCTION private.guard_contact_submission();

CREATE TRIGGER limit_rows_per_request AFTER INSERT ON public.contact_submissions REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION private.limit_rows_per_request();

CREATE TRIGGER queue_lead_webhook AFTER INSERT ON public.contact_submissions FOR EACH ROW WHEN ((new.notified_via IS DISTINCT FROM 'booking'::text)) EXECUTE FUNCTION private.queue_lead_webhook();

CREATE TRIGGER start_reply_clock BEFORE INSERT ON public.contact_submissions FOR EACH ROW WHEN ((new.created_at < (now() - '01:00:00'::interval))) EXECUTE FUNCTION private.start_reply_clock();

ALTER TABLE public.contact_submissions ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Visitors can submit a contact message" ON public.contact_submissions FOR INSERT TO anon WITH CHECK (((notified_at IS NULL) AND (notify_attempts = 0) AND (next_notify_at IS NULL) AND (created_at > (now() - '00:01:00'::interval))));

COMMENT ON TABLE public.contact_submissions IS 'Messages sent through the site''s contact form. Visitors (anon) may only insert.';

GRANT ALL ON TABLE public.contact_submissions TO service_role;

GRANT INSERT(company) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(email) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(form_elapsed_ms) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(form_trap) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(landing_path) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(message) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(name) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(referrer_origin) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(utm_campaign) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(utm_content) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(utm_medium) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(utm_source) ON TABLE public.contact_submissions TO anon;

GRANT INSERT(utm_term) ON TABLE public.contact_submissions TO anon;


-- Function public.book_meeting(starts_at timestamp with time zone, name text, email text, company text, note text, time_zone text, form_trap text, form_elapsed_ms integer, attribution jsonb)

CREATE FUNCTION public.book_meeting(starts_at timestamp with time zone DEFAULT NULL::timestamp with time zone, name text DEFAULT NULL::text, email text DEFAULT NULL::text, company text DEFAULT NULL::text, note text DEFAULT NULL::text, time_zone text DEFAULT NULL::text, form_trap text DEFAULT NULL::text, form_elapsed_ms integer DEFAULT NULL::integer, attribution jsonb DEFAULT NULL::jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  booked jsonb := private.book_meeting($1, $2, $3, $4, $5, $6, $7, $8, now());
begin
  perform private.attribute_lead(b.lead_id, attribution)
     from public.bookings b
    where b.manage_token_hash = private.manage_token_hash(booked ->> 'manage_token');
  perform private.attach_manage_link(booked, booked ->> 'manage_token');
  return booked - 'manage_token';
end
$_$;

REVOKE ALL ON FUNCTION public.book_meeting(starts_at timestamp with time zone, name text, email text, company text, note text, time_zone text, form_trap text, form_elapsed_ms integer, attribution jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.book_meeting(starts_at timestamp with time zone, name text, email text, company text, note text, time_zone text, form_trap text, form_elapsed_ms integer, attribution jsonb) TO service_role;
GRANT ALL ON FUNCTION public.book_meeting(starts_at timestamp with time zone, name text, email text, company text, note text, time_zone text, form_trap text, form_elapsed_ms integer, attribution jsonb) TO anon;
GRANT ALL ON FUNCTION public.book_meeting(starts_at timestamp with time zone, name text, email text, company text, note text, time_zone text, form_trap text, form_elapsed_ms integer, attribution jsonb) TO authenticated;


-- Function public.booking_details(token text)

CREATE FUNCTION public.booking_details(token text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings b
   where b.manage_token_hash = private.manage_token_hash(booking_details.token);
  if not found then
    perform private.booking_refuse(404, 'not_found',
      'Não encontramos esse agendamento. Confira o link do e-mail.');
  end if;
  return private.booking_json(booking, now());
end
$$;

REVOKE ALL ON FUNCTION public.booking_details(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_details(token text) TO anon;
GRANT ALL ON FUNCTION public.booking_details(token text) TO authenticated;
GRANT ALL ON FUNCTION public.booking_details(token text) TO service_role;


-- Function public.booking_free_times()

CREATE FUNCTION public.booking_free_times() RETURNS jsonb
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'time_zone', s.time_zone,
    'slot_minutes', s.slot_minutes,
    'first_day', (now() at time zone s.time_zone)::date,
    'last_day', (now() at time zone s.time_zone)::date + s.horizon_days,
    'slots', coalesce(
      -- private.utc_text's expression, written out: a function with its own search_path is
      -- not inlined, and calling it once per slot doubled the call's cost.
      (select jsonb_agg(to_char(f.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                        order by f.starts_at)
         from private.free_slots(now()) f),
      '[]'::jsonb)
  )
    from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION public.booking_free_times() FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_free_times() TO anon;
GRANT ALL ON FUNCTION public.booking_free_times() TO authenticated;
GRANT ALL ON FUNCTION public.booking_free_times() TO service_role;


-- Function public.cancel_booking(token text, message text)

CREATE FUNCTION public.cancel_booking(token text DEFAULT NULL::text, message text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select private.cancel_booking_by_token($1, $2, now())
$_$;

REVOKE ALL ON FUNCTION public.cancel_booking(token text, message text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_booking(token text, message text) TO anon;
GRANT ALL ON FUNCTION public.cancel_booking(token text, message text) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_booking(token text, message text) TO service_role;


-- Function public.confirm_booking(token text)

CREATE FUNCTION public.confirm_booking(token text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select private.attach_manage_link(private.confirm_booking($1, now()), $1)
$_$;

REVOKE ALL ON FUNCTION public.confirm_booking(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirm_booking(token text) TO anon;
GRANT ALL ON FUNCTION public.confirm_booking(token text) TO authenticated;
GRANT ALL ON FUNCTION public.confirm_booking(token text) TO service_role;


-- Function public.count_page_view(text)

CREATE FUNCTION public.count_page_view(text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  view jsonb;
  view_page text;
  view_device text;
  view_source text;
  settings private.contact_settings;
  today date;
  blocks record;
  codes text[] := '{}';
  source_divisors integer[] := '{}';
  counted integer;
  this_minute integer;
begin
  if $1 is null or octet_length($1) > 2000 then
    return;
  end if;
  begin
    view := $1::jsonb;
  exception when others then
    return;
  end;
  if jsonb_typeof(view) <> 'object' then
    return;
  end if;
  view_page := private.counted_page(view ->> 'page');
  view_device := view ->> 'device';
  if view_page is null or view_device is null
     or view_device not in ('phone', 'tablet', 'desktop') then
    return;
  end if;
  view_source := left(private.attribution_source(
    private.clean_utm(case when jsonb_typeof(view -> 'utm_source') = 'string'
                           then view ->> 'utm_source' end, 100),
    private.clean_referrer_origin(case when jsonb_typeof(view -> 'referrer') = 'string'
                                       then view ->> 'referrer' end)), 200);

  select * into settings from private.contact_settings;
  select (now() at time zone b.time_zone)::date into today from private.booking_settings b;

  -- Each width's share of the minute first, narrowest first: a view past one is not counted
  -- and spends none of the wider ones.
  for blocks in select * from private.page_view_blocks(today) loop
    insert into private.page_view_network_minutes as m (minute, network, views)
    values (date_trunc('minute', now()), blocks.code, 1)
    on conflict (minute, network) do update set views = m.views + 1
    returning m.views into counted;
    if counted > greatest(1, settings.page_views_per_minute / blocks.views_divisor) then
      return;
    end if;
    codes := codes || blocks.code;
    source_divisors := source_divisors || blocks.sources_divisor;
  end loop;

  insert into private.page_view_minutes as m (minute, views)
  values (date_trunc('minute', now()), 1)
  on conflict (minute) do update set views = m.views + 1
  returning m.views into this_minute;
  if this_minute = 1 then
    delete from private.page_view_minutes where minute < now() - interval '1 hour';
    delete from private.page_view_network_minutes where minute < now() - interval '2 minutes';
    delete from private.page_view_network_sources where day < today;
  end if;
  if this_minute > settings.page_views_per_minute then
    return;
  end if;

  if view_source <> '' and not exists (
    select 1 from private.page_views v where v.day = today and v.source = view_source
  ) then
    -- One new source at a time, so concurrent beacons cannot overfill the day's cap.
    perform pg_advisory_xact_lock(7242300);
    if (select count(distinct v.source) from private.page_views v where v.day = today)
       >= settings.page_view_sources_per_day then
      view_source := '(outras)';
    else
      -- Each width's share of the day's new sources, narrowest first, as for the minute.
      for width in 1 .. cardinality(codes) loop
        insert into private.page_view_network_sources as s (day, network, sources)
        values (today, codes[width], 1)
        on conflict (day, network) do update set sources = s.sources + 1
        returning s.sources into counted;
        if counted > greatest(1, settings.page_view_sources_per_day / source_divisors[width]) then
          view_source := '(outras)';
          exit;
        end if;
      end loop;
    end if;
  end if;
  insert into private.page_views as v (day, page, source, device, views)
  values (today, view_page, view_source, view_device, 1)
  on conflict (day, page, source, device) do update set views = v.views + 1;
end
$_$;

REVOKE ALL ON FUNCTION public.count_page_view(text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.count_page_view(text) TO service_role;
GRANT ALL ON FUNCTION public.count_page_view(text) TO anon;
GRANT ALL ON FUNCTION public.count_page_view(text) TO authenticated;


-- Function public.reschedule_booking(token text, starts_at timestamp with time zone)

CREATE FUNCTION public.reschedule_booking(token text DEFAULT NULL::text, starts_at timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS jsonb
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select private.attach_manage_link(private.reschedule_booking($1, $2, now()), $1)
$_$;

REVOKE ALL ON FUNCTION public.reschedule_booking(token text, starts_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reschedule_booking(token text, starts_at timestamp with time zone) TO service_role;
GRANT ALL ON FUNCTION public.reschedule_booking(token text, starts_at timestamp with time zone) TO anon;
GRANT ALL ON FUNCTION public.reschedule_booking(token text, starts_at timestamp with time zone) TO authenticated;


-- =================================================================================================
-- Schema request_guard
-- =================================================================================================


CREATE SCHEMA request_guard;

GRANT USAGE ON SCHEMA request_guard TO PUBLIC;


-- Function request_guard.count_call()

CREATE FUNCTION request_guard.count_call() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return;
  end if;
  if current_setting('transaction_read_only') = 'on' then
    perform private.refuse(405, 'PT405',
      'Use POST: só pedidos que o banco de dados pode contar são atendidos.');
  end if;
  perform private.count_public_call(private.client_key(private.request_client_ip()));
end
$$;

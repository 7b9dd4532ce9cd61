CREATE TABLE "pending_profile_clear" (
	"id" serial PRIMARY KEY NOT NULL,
	"charger_id" integer NOT NULL,
	"company_code" text NOT NULL,
	"key" text NOT NULL,
	"request" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "expiry_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_user" ADD COLUMN "expiry_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charger" ADD COLUMN "ocpp_password_grace_hash" text;--> statement-breakpoint
ALTER TABLE "charger" ADD COLUMN "ocpp_password_grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_schedule" ADD COLUMN "kind" text DEFAULT 'Recurring' NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_schedule" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_schedule" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "company_code" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "folded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_profile_clear" ADD CONSTRAINT "pending_profile_clear_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_profile_clear_once" ON "pending_profile_clear" USING btree ("charger_id","key");--> statement-breakpoint
CREATE INDEX "mail_outbox_queued_to" ON "mail_outbox" USING btree ("to") WHERE "mail_outbox"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "report_ticket_app_user_created" ON "report_ticket" USING btree ("app_user_id","created_at");--> statement-breakpoint
-- Hand-written data fix (keep when renumbering): mail queued before this column existed gets the
-- company of the event or ticket its dedupe key names (event:<id>:…, ticket:<serial>:…); ticket
-- replies carried no key and stay the platform's (seen by administrators only).
UPDATE "mail_outbox" m SET "company_code" = e."company_code" FROM "event" e
  WHERE m."company_code" IS NULL AND m."dedupe_key" LIKE 'event:%' AND e."id"::text = split_part(m."dedupe_key", ':', 2);
--> statement-breakpoint
UPDATE "mail_outbox" m SET "company_code" = t."company_code" FROM "report_ticket" t
  WHERE m."company_code" IS NULL AND m."dedupe_key" LIKE 'ticket:%' AND t."serial_num" = split_part(m."dedupe_key", ':', 2);
--> statement-breakpoint
-- Hand-written data fix (not generated): secrets stored in the charger log before they were masked
-- at write (requirements R10.22). The COMMAND row of ChangeConfiguration kept the AuthorizationKey
-- in clear, a GetConfiguration answer could carry it, and the locations of GetDiagnostics and
-- UpdateFirmware kept the upload token / signed download token and FTP credentials. Only rows of
-- these four actions are read (index charger_log_action_at_id). Same masks as server/auth/secrets.ts.
UPDATE "charger_log" SET "payload" = jsonb_set("payload", '{request,value}', '"[redacted]"')
WHERE "action" = 'ChangeConfiguration' AND "message_type" = 'COMMAND'
  AND lower("payload" #>> '{request,key}') = 'authorizationkey' AND "payload" #> '{request,value}' IS NOT NULL;--> statement-breakpoint
UPDATE "charger_log" SET "payload" = jsonb_set("payload", '{value}', '"[redacted]"')
WHERE "action" = 'ChangeConfiguration' AND "message_type" = 'CALL'
  AND lower("payload" ->> 'key') = 'authorizationkey' AND "payload" -> 'value' IS NOT NULL;--> statement-breakpoint
UPDATE "charger_log" SET "payload" = jsonb_set("payload", '{configurationKey}', (
  SELECT jsonb_agg(CASE WHEN lower(e ->> 'key') = 'authorizationkey' AND e ? 'value' THEN jsonb_set(e, '{value}', '"[redacted]"') ELSE e END ORDER BY n)
  FROM jsonb_array_elements("payload" -> 'configurationKey') WITH ORDINALITY AS x(e, n)))
WHERE "action" = 'GetConfiguration' AND "message_type" = 'CALLRESULT'
  AND jsonb_typeof("payload" -> 'configurationKey') = 'array' AND jsonb_array_length("payload" -> 'configurationKey') > 0
  AND "payload"::text ILIKE '%authorizationkey%';--> statement-breakpoint
UPDATE "charger_log" SET "payload" = regexp_replace(regexp_replace("payload"::text,
    '([a-zA-Z][a-zA-Z0-9+.-]{0,31}://)[^/@[:space:]"''<>]{1,255}@', '\1[redacted]@', 'g'),
    '(/ocpp-files/[a-zA-Z]{1,32}/)[^/?#[:space:]"''<>]+', '\1[redacted]', 'g')::jsonb
WHERE "action" IN ('GetDiagnostics', 'UpdateFirmware')
  AND ("payload"::text LIKE '%/ocpp-files/%' OR "payload"::text ~ '://[^/"]*@');

ALTER TABLE "charger" ADD COLUMN "ocpp_password_grace_hash" text;--> statement-breakpoint
ALTER TABLE "charger" ADD COLUMN "ocpp_password_grace_until" timestamp with time zone;--> statement-breakpoint
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

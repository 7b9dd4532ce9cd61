ALTER TABLE "mail_outbox" ADD COLUMN "company_code" text;
--> statement-breakpoint
-- Hand-written data fix (keep when renumbering): mail queued before this column existed gets the
-- company of the event or ticket its dedupe key names (event:<id>:…, ticket:<serial>:…); ticket
-- replies carried no key and stay the platform's (seen by administrators only).
UPDATE "mail_outbox" m SET "company_code" = e."company_code" FROM "event" e
  WHERE m."company_code" IS NULL AND m."dedupe_key" LIKE 'event:%' AND e."id"::text = split_part(m."dedupe_key", ':', 2);
--> statement-breakpoint
UPDATE "mail_outbox" m SET "company_code" = t."company_code" FROM "report_ticket" t
  WHERE m."company_code" IS NULL AND m."dedupe_key" LIKE 'ticket:%' AND t."serial_num" = split_part(m."dedupe_key", ':', 2);

ALTER TABLE "mail_outbox" ADD COLUMN "folded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_queued_to" ON "mail_outbox" USING btree ("to") WHERE "mail_outbox"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "report_ticket_app_user_created" ON "report_ticket" USING btree ("app_user_id","created_at");
CREATE TABLE "local_list" (
	"charger_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"id_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"update_type" text,
	"status" text,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "local_list_version" CHECK ("local_list"."version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "local_list" ADD CONSTRAINT "local_list_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_active" ON "reservation" USING btree ("expires_at") WHERE "reservation"."status" = 'ACCEPTED';--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_one_live" ON "reservation" USING btree ("charger_id","connector_id") WHERE "reservation"."status" in ('REQUESTED', 'ACCEPTED');
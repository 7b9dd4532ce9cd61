CREATE TABLE "event" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"station_id" integer,
	"device_sn" text NOT NULL,
	"device_type" text NOT NULL,
	"event_type" text NOT NULL,
	"event_level" text NOT NULL,
	"connector_id" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"vendor_id" text,
	"vendor_error_code" text,
	"info" text,
	"occur_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_occur_time" timestamp with time zone DEFAULT now() NOT NULL,
	"repeat_count" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'HAPPENING' NOT NULL,
	"handle_method" text,
	"handler" text,
	"process_time" timestamp with time zone,
	"ignore_time" timestamp with time zone,
	"recover_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_status_valid" CHECK ("event"."status" in ('HAPPENING', 'PROCESSED', 'IGNORED', 'RECOVERED'))
);
--> statement-breakpoint
CREATE TABLE "event_vendor_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text,
	"vendor_id" text NOT NULL,
	"vendor_error_code" text NOT NULL,
	"event_type" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_vendor_code_key" UNIQUE NULLS NOT DISTINCT("company_code","vendor_id","vendor_error_code")
);
--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_station_id_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."station"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_open_once" ON "event" USING btree ("device_sn","connector_id","event_type") WHERE "event"."status" = 'HAPPENING';--> statement-breakpoint
CREATE INDEX "event_company_status_time" ON "event" USING btree ("company_code","status","occur_time");--> statement-breakpoint
CREATE INDEX "event_device_time" ON "event" USING btree ("device_sn","occur_time");--> statement-breakpoint
CREATE INDEX "event_unrecovered" ON "event" USING btree ("device_sn","connector_id") WHERE "event"."recover_time" is null and "event"."status" <> 'RECOVERED';--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;
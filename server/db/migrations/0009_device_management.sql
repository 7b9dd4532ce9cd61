CREATE TABLE "diagnostics_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"charger_id" integer NOT NULL,
	"charger_sn" text NOT NULL,
	"start_time" timestamp with time zone,
	"stop_time" timestamp with time zone,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"announced_name" text,
	"file_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnostics_request_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "firmware" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text,
	"name" text NOT NULL,
	"device_type" text NOT NULL,
	"device_model" text NOT NULL,
	"version" text NOT NULL,
	"change_log" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"file_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_model_version_unique" UNIQUE NULLS NOT DISTINCT("company_code","device_model","version")
);
--> statement-breakpoint
CREATE TABLE "firmware_campaign" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"firmware_id" integer NOT NULL,
	"station_id" integer,
	"gateway_sn" text,
	"status" text NOT NULL,
	"outcome" text,
	"pause_reason" text,
	"wave_size" integer,
	"success_threshold" integer DEFAULT 100 NOT NULL,
	"failure_limit" integer,
	"retries" integer DEFAULT 3 NOT NULL,
	"retry_interval" integer DEFAULT 60 NOT NULL,
	"base_url" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "firmware_campaign_charger" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"charger_id" integer NOT NULL,
	"charger_sn" text NOT NULL,
	"wave" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"previous_version" text,
	"reported_version" text,
	"sent_at" timestamp with time zone,
	"last_report_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_campaign_charger_unique" UNIQUE("campaign_id","charger_id")
);
--> statement-breakpoint
CREATE TABLE "server_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"company_code" text,
	"file_name" text NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"charger_sn" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD CONSTRAINT "diagnostics_request_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware" ADD CONSTRAINT "firmware_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign" ADD CONSTRAINT "firmware_campaign_firmware_id_firmware_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign_charger" ADD CONSTRAINT "firmware_campaign_charger_campaign_id_firmware_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."firmware_campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostics_request_charger" ON "diagnostics_request" USING btree ("charger_id","created_at");--> statement-breakpoint
CREATE INDEX "firmware_company" ON "firmware" USING btree ("company_code");--> statement-breakpoint
CREATE INDEX "firmware_campaign_company" ON "firmware_campaign" USING btree ("company_code");--> statement-breakpoint
CREATE INDEX "firmware_campaign_charger_sn" ON "firmware_campaign_charger" USING btree ("charger_sn","status");--> statement-breakpoint
CREATE INDEX "stored_file_kind_company" ON "stored_file" USING btree ("kind","company_code");--> statement-breakpoint
CREATE INDEX "stored_file_charger" ON "stored_file" USING btree ("charger_sn");
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
ALTER TABLE "charging_schedule" ADD COLUMN "kind" text DEFAULT 'Recurring' NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_schedule" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_schedule" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_profile_clear" ADD CONSTRAINT "pending_profile_clear_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_profile_clear_once" ON "pending_profile_clear" USING btree ("charger_id","key");
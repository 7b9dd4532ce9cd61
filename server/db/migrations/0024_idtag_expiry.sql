ALTER TABLE "app_user" ADD COLUMN "expiry_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_user" ADD COLUMN "expiry_date" timestamp with time zone;
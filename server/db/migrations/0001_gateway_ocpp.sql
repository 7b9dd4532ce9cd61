ALTER TABLE "gateway" ADD COLUMN "vendor" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "gateway" ADD COLUMN "ocpp_password_hash" text;
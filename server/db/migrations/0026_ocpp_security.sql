CREATE TABLE "charger_ca" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"cert_pem" text NOT NULL,
	"key_encrypted" text,
	"origin" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_ca_company_code_unique" UNIQUE("company_code")
);
--> statement-breakpoint
CREATE TABLE "charger_certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"serial_num" text NOT NULL,
	"cert_serial" text NOT NULL,
	"cert_pem" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_certificate_serial" UNIQUE("company_code","cert_serial")
);
--> statement-breakpoint
ALTER TABLE "charger" ADD COLUMN "security_profile" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "charger" ADD COLUMN "security_profile_requested" integer;--> statement-breakpoint
CREATE INDEX "charger_certificate_charger" ON "charger_certificate" USING btree ("serial_num");
CREATE TABLE "app_user_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"app_user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "report_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_num" text NOT NULL,
	"company_code" text NOT NULL,
	"app_user_id" integer,
	"nickname" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reply_text" text,
	"replied_by" text,
	"reply_time" timestamp with time zone,
	"closed_by" text,
	"close_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_ticket_status" CHECK ("report_ticket"."status" in ('OPEN', 'REPLIED', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "report_ticket_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user_token" ADD CONSTRAINT "app_user_token_app_user_id_app_user_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_ticket" ADD CONSTRAINT "report_ticket_app_user_id_app_user_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_ticket_attachment" ADD CONSTRAINT "report_ticket_attachment_ticket_id_report_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."report_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_ticket_attachment" ADD CONSTRAINT "report_ticket_attachment_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_ticket_serial_num" ON "report_ticket" USING btree ("serial_num");--> statement-breakpoint
CREATE INDEX "report_ticket_company_created" ON "report_ticket" USING btree ("company_code","created_at");--> statement-breakpoint
CREATE INDEX "report_ticket_attachment_ticket" ON "report_ticket_attachment" USING btree ("ticket_id");
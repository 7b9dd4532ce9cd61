CREATE TABLE "stored_file_part" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_part_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD COLUMN "retries" integer;--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD COLUMN "retry_interval" integer;--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD COLUMN "transport" text DEFAULT 'HTTP' NOT NULL;--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD COLUMN "upload_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diagnostics_request" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_file_part" ADD CONSTRAINT "stored_file_part_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "charging_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"name" text NOT NULL,
	"station_id" integer,
	"charger_id" integer,
	"connector_id" integer DEFAULT 0 NOT NULL,
	"purpose" text NOT NULL,
	"stack_level" integer DEFAULT 1 NOT NULL,
	"windows" jsonb NOT NULL,
	"default_limit_a" integer NOT NULL,
	"last_sent" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_schedule_target" CHECK ("charging_schedule"."station_id" is not null or "charging_schedule"."charger_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "home_charger" (
	"id" serial PRIMARY KEY NOT NULL,
	"charger_id" integer NOT NULL,
	"company_code" text NOT NULL,
	"owner_app_user_id" integer,
	"max_current_a" integer NOT NULL,
	"load_balancing" boolean DEFAULT false NOT NULL,
	"load_balancing_current_a" integer,
	"last_command" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_charger_charger_id_unique" UNIQUE("charger_id"),
	CONSTRAINT "home_charger_current" CHECK ("home_charger"."max_current_a" > 0 and ("home_charger"."load_balancing_current_a" is null or "home_charger"."load_balancing_current_a" <= "home_charger"."max_current_a"))
);
--> statement-breakpoint
CREATE TABLE "home_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"home_charger_id" integer NOT NULL,
	"app_user_id" integer NOT NULL,
	"company_code" text NOT NULL,
	"level" text NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_allocation" (
	"charger_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"allotted_a" numeric(8, 1),
	"answer" text,
	"sent_at" timestamp with time zone,
	"measured_a" numeric(8, 1),
	"measured_at" timestamp with time zone,
	CONSTRAINT "load_allocation_charger_id_connector_id_pk" PRIMARY KEY("charger_id","connector_id")
);
--> statement-breakpoint
CREATE TABLE "order_start" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"start_type" text NOT NULL,
	"reservation_id" integer
);
--> statement-breakpoint
CREATE TABLE "reservation" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"charger_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"answer" text,
	"order_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_load" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"grid_limit_a" integer NOT NULL,
	"min_current_a" integer DEFAULT 6 NOT NULL,
	"fallback_current_a" integer DEFAULT 6 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "station_load_limits" CHECK ("station_load"."grid_limit_a" > 0 and "station_load"."min_current_a" >= 0 and "station_load"."fallback_current_a" >= 0)
);
--> statement-breakpoint
ALTER TABLE "charging_schedule" ADD CONSTRAINT "charging_schedule_station_id_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_schedule" ADD CONSTRAINT "charging_schedule_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_charger" ADD CONSTRAINT "home_charger_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_charger" ADD CONSTRAINT "home_charger_owner_app_user_id_app_user_id_fk" FOREIGN KEY ("owner_app_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_member" ADD CONSTRAINT "home_member_home_charger_id_home_charger_id_fk" FOREIGN KEY ("home_charger_id") REFERENCES "public"."home_charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_member" ADD CONSTRAINT "home_member_app_user_id_app_user_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_allocation" ADD CONSTRAINT "load_allocation_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_start" ADD CONSTRAINT "order_start_order_id_charge_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."charge_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_load" ADD CONSTRAINT "station_load_station_id_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charging_schedule_company" ON "charging_schedule" USING btree ("company_code");--> statement-breakpoint
CREATE INDEX "home_charger_company" ON "home_charger" USING btree ("company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "home_member_once" ON "home_member" USING btree ("home_charger_id","app_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "home_member_one_owner" ON "home_member" USING btree ("home_charger_id") WHERE "home_member"."level" = 'OWNER';--> statement-breakpoint
CREATE INDEX "home_member_user" ON "home_member" USING btree ("app_user_id");--> statement-breakpoint
CREATE INDEX "load_allocation_station" ON "load_allocation" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "reservation_charger" ON "reservation" USING btree ("charger_id","created_at");
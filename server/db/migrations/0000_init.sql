CREATE TABLE "account" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text,
	"username" text NOT NULL,
	"user_type" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"role_id" integer,
	"password_hash" text NOT NULL,
	"avatar" text,
	"active" boolean DEFAULT true NOT NULL,
	"managed_station_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_username_unique" UNIQUE("username"),
	CONSTRAINT "account_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"nickname" text NOT NULL,
	"mobile" text,
	"full_name" text,
	"email" text,
	"active" boolean DEFAULT true NOT NULL,
	"registration_method" text DEFAULT 'MOBILE' NOT NULL,
	"id_tag" text,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_id_tag_unique" UNIQUE("id_tag"),
	CONSTRAINT "app_user_balance_nonneg" CHECK ("app_user"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "balance_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"holder_type" text NOT NULL,
	"holder_id" integer NOT NULL,
	"change_type" text NOT NULL,
	"prepay_type" text,
	"deduct_type" text,
	"relevance_id" integer,
	"change_amount" numeric(14, 2) NOT NULL,
	"old_balance" numeric(14, 2) NOT NULL,
	"new_balance" numeric(14, 2) NOT NULL,
	"remark" text,
	"operator" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"card_number" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"mobile" text,
	"email" text,
	"scope" text DEFAULT 'ALL' NOT NULL,
	"station_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manager_card" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_user_card_number_unique" UNIQUE("card_number"),
	CONSTRAINT "card_user_balance_nonneg" CHECK ("card_user"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "charge_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"company_code" text NOT NULL,
	"station_id" integer,
	"charger_id" integer NOT NULL,
	"charger_sn" text NOT NULL,
	"connector_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"id_tag_status" text NOT NULL,
	"user_type" text DEFAULT 'CARD' NOT NULL,
	"card_user_id" integer,
	"app_user_id" integer,
	"charger_start_time" timestamp with time zone NOT NULL,
	"charger_stop_time" timestamp with time zone,
	"server_start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"server_stop_time" timestamp with time zone,
	"meter_start" bigint NOT NULL,
	"meter_stop" bigint,
	"energy_kwh" numeric(14, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'CHARGING' NOT NULL,
	"stop_reason" text,
	"currency" text NOT NULL,
	"electricity_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"service_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"breakdown" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_order_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "charge_order_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "charger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"station_id" integer,
	"serial_num" text NOT NULL,
	"charger_station_code" text,
	"phase" text DEFAULT 'THREE' NOT NULL,
	"life_status" text DEFAULT 'ACTIVE' NOT NULL,
	"installer_name" text,
	"installer_email" text,
	"installer_company" text,
	"installer_contact" text,
	"installation_date" text,
	"warranty_years" integer DEFAULT 0 NOT NULL,
	"gateway_sn" text,
	"type" text DEFAULT 'AC' NOT NULL,
	"equipment_number" text,
	"rated_power_kw" numeric(8, 2),
	"run_status" text,
	"run_status_at" timestamp with time zone,
	"run_error_code" text,
	"run_error_info" text,
	"run_vendor_error_code" text,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"firmware_version" text,
	"vendor" text,
	"model" text,
	"ocpp_password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_serial_num_unique" UNIQUE("serial_num"),
	CONSTRAINT "charger_charger_station_code_unique" UNIQUE("charger_station_code")
);
--> statement-breakpoint
CREATE TABLE "charger_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charger_sn" text NOT NULL,
	"company_code" text,
	"direction" text NOT NULL,
	"action" text NOT NULL,
	"message_type" text,
	"message_id" text,
	"payload" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"remark" text,
	"service_phone" text,
	"service_email" text,
	"admin_username" text,
	"logo" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "connection_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identity" text NOT NULL,
	"company_code" text,
	"remote_address" text,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connector" (
	"charger_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" text DEFAULT 'NoError' NOT NULL,
	"info" text,
	"vendor_error_code" text,
	"status_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connector_charger_id_connector_id_pk" PRIMARY KEY("charger_id","connector_id")
);
--> statement-breakpoint
CREATE TABLE "data_transfer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charger_sn" text NOT NULL,
	"vendor_id" text NOT NULL,
	"message_id" text,
	"data" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"station_id" integer,
	"serial_num" text NOT NULL,
	"life_status" text DEFAULT 'ACTIVE' NOT NULL,
	"firmware_version" text,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_serial_num_unique" UNIQUE("serial_num")
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"route_key" text,
	"order_num" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"permission" text,
	"url" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"configurable" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_value" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charger_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"transaction_id" integer,
	"timestamp" timestamp with time zone NOT NULL,
	"measurand" text NOT NULL,
	"value" text NOT NULL,
	"unit" text,
	"phase" text,
	"context" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text,
	"system_notification_type" text NOT NULL,
	"content" text NOT NULL,
	"user_name" text,
	"ticket_no" text,
	"serial_num" text,
	"event_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_export_setting" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"operator_company_name" text NOT NULL,
	"address" text NOT NULL,
	"logo_type" text NOT NULL,
	"logo_data" text NOT NULL,
	"service_fee_title" text NOT NULL,
	"electricity_fee_title" text NOT NULL,
	"notes" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_export_setting_company_code_unique" UNIQUE("company_code")
);
--> statement-breakpoint
CREATE TABLE "rate_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"electricity_fee_per_kwh" numeric(12, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_tax" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"tax_name" text NOT NULL,
	"tax_percentage" numeric(7, 3) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"model_name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"currency" text NOT NULL,
	"service_fee_per_kwh" numeric(12, 2) DEFAULT '0' NOT NULL,
	"service_tax" numeric(7, 2) DEFAULT '0' NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"company_code" text,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "session_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "station" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"group_id" integer,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"visibility" text DEFAULT 'PUBLIC' NOT NULL,
	"location_type" text,
	"maintainer" text DEFAULT '' NOT NULL,
	"maintainer_mobile" text DEFAULT '' NOT NULL,
	"customer_company" text,
	"customer_name" text,
	"contact_email" text,
	"customer_mobile" text,
	"address" text DEFAULT '' NOT NULL,
	"house_number" text,
	"city" text,
	"zip" text,
	"country" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"pricing_model" text,
	"rate_template_id" integer,
	"station_code" text,
	"notify_enabled" boolean DEFAULT false NOT NULL,
	"notify_recipients" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_order" ADD CONSTRAINT "charge_order_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger" ADD CONSTRAINT "charger_station_id_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."station"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector" ADD CONSTRAINT "connector_charger_id_charger_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."charger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway" ADD CONSTRAINT "gateway_station_id_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."station"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_detail" ADD CONSTRAINT "rate_detail_template_id_rate_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."rate_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_tax" ADD CONSTRAINT "rate_tax_template_id_rate_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."rate_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_token" ADD CONSTRAINT "session_token_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station" ADD CONSTRAINT "station_group_id_station_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."station_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_record_holder" ON "balance_record" USING btree ("holder_type","holder_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_record_one_deduction" ON "balance_record" USING btree ("holder_type","relevance_id") WHERE "balance_record"."change_type" = 'DEDUCT';--> statement-breakpoint
CREATE INDEX "card_user_company" ON "card_user" USING btree ("company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_order_start_key" ON "charge_order" USING btree ("charger_id","connector_id","id_tag","charger_start_time");--> statement-breakpoint
CREATE INDEX "charge_order_company_time" ON "charge_order" USING btree ("company_code","charger_start_time");--> statement-breakpoint
CREATE INDEX "charge_order_charger" ON "charge_order" USING btree ("charger_id","status");--> statement-breakpoint
CREATE INDEX "charger_company" ON "charger" USING btree ("company_code");--> statement-breakpoint
CREATE INDEX "charger_station" ON "charger" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "charger_log_sn_at" ON "charger_log" USING btree ("charger_sn","at");--> statement-breakpoint
CREATE INDEX "gateway_company" ON "gateway" USING btree ("company_code");--> statement-breakpoint
CREATE INDEX "gateway_station" ON "gateway" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_name_unique" ON "menu" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_permission_unique" ON "menu" USING btree ("permission");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_route_key_unique" ON "menu" USING btree ("route_key");--> statement-breakpoint
CREATE INDEX "menu_parent" ON "menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "meter_value_tx" ON "meter_value" USING btree ("transaction_id","timestamp");--> statement-breakpoint
CREATE INDEX "rate_detail_template" ON "rate_detail" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "rate_tax_template" ON "rate_tax" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "rate_template_company" ON "rate_template" USING btree ("company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_template_one_free" ON "rate_template" USING btree ("company_code") WHERE "rate_template"."type" = 'FREE';--> statement-breakpoint
CREATE INDEX "station_company" ON "station" USING btree ("company_code");--> statement-breakpoint
CREATE UNIQUE INDEX "station_group_one_default" ON "station_group" USING btree ("company_code") WHERE "station_group"."is_default";
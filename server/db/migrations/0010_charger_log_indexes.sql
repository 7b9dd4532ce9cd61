DROP INDEX "charger_log_sn_at";--> statement-breakpoint
CREATE INDEX "charger_log_sn_at_id" ON "charger_log" USING btree ("charger_sn","at","id");--> statement-breakpoint
CREATE INDEX "charger_log_at_id" ON "charger_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "charger_log_action_at_id" ON "charger_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "connection_attempt_at" ON "connection_attempt" USING btree ("at");--> statement-breakpoint
CREATE INDEX "meter_value_charger_time" ON "meter_value" USING btree ("charger_id","timestamp");
-- Peak power was written as 999999999 kW for every session without power readings (least() skips
-- NULLs). The rollups are emptied here and rebuilt from the orders at the next start
-- (server/modules/analytics/rollup.ts backfillRollupsIfEmpty), with the corrected peak.
TRUNCATE "analytics_hour", "analytics_day", "analytics_month", "analytics_pending";

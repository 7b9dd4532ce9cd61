-- An operator's administrator role holds System › Device Version (docs/decisions.md "Device
-- Version for operators"): existing <CODE>_ADMIN roles gain menu:system and
-- menu:system:deviceversion, each once.
UPDATE "role" AS r SET "permissions" = (
  SELECT jsonb_agg(DISTINCT p ORDER BY p)
  FROM jsonb_array_elements_text(r."permissions" || '["menu:system", "menu:system:deviceversion"]'::jsonb) AS p
)
WHERE r."company_code" IS NOT NULL AND r."code" = r."company_code" || '_ADMIN';

ALTER TABLE "risk_account_states" ADD COLUMN "lock_rules" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_account_states" ADD COLUMN "exposed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_events" ADD COLUMN "rules" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "risk_events" SET "rules" = ARRAY["rule"];--> statement-breakpoint
UPDATE "risk_account_states" SET "lock_rules" = ARRAY["lock_rule"] WHERE "lock_rule" IS NOT NULL;

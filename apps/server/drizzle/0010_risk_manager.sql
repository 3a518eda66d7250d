CREATE TABLE "risk_account_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"trading_account_id" uuid NOT NULL,
	"preset_id" uuid,
	"daily_loss_mode" text,
	"daily_loss_value" numeric(20, 2),
	"max_trade_loss" numeric(20, 2),
	"max_trades_per_day" integer,
	"max_open_lots" numeric(12, 2),
	"allowed_sessions" text[] DEFAULT '{}'::text[] NOT NULL,
	"cooldown_losses" integer,
	"cooldown_minutes" integer,
	"warn_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_account_rules_account_key" UNIQUE("trading_account_id")
);
--> statement-breakpoint
CREATE TABLE "risk_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"daily_loss_mode" text,
	"daily_loss_value" numeric(20, 2),
	"max_trade_loss" numeric(20, 2),
	"max_trades_per_day" integer,
	"max_open_lots" numeric(12, 2),
	"allowed_sessions" text[] DEFAULT '{}'::text[] NOT NULL,
	"cooldown_losses" integer,
	"cooldown_minutes" integer,
	"warn_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_presets_user_name_key" UNIQUE("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "risk_rule_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_rule_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_account_rules" ADD CONSTRAINT "risk_account_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_account_rules" ADD CONSTRAINT "risk_account_rules_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_account_rules" ADD CONSTRAINT "risk_account_rules_preset_id_risk_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."risk_presets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_presets" ADD CONSTRAINT "risk_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rule_changes" ADD CONSTRAINT "risk_rule_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_account_rules_user_id_index" ON "risk_account_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "risk_rule_changes_user_id_created_at_index" ON "risk_rule_changes" USING btree ("user_id","created_at");
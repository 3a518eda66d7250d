CREATE TABLE "trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"trading_account_id" uuid,
	"source" text NOT NULL,
	"broker_position_id" text,
	"entry_order_id" text,
	"exit_order_id" text,
	"instrument" text NOT NULL,
	"side" text NOT NULL,
	"type" text,
	"quantity" numeric,
	"entry_time" timestamp with time zone,
	"exit_time" timestamp with time zone,
	"entry_price" numeric,
	"exit_price" numeric,
	"stop_loss" numeric,
	"take_profit" numeric,
	"fee" numeric,
	"swap" numeric,
	"gross_pnl" numeric,
	"net_pnl" numeric,
	"notes" text,
	"account_label" text,
	"account_identifier" text,
	"trade_date" date,
	"bot_id" text,
	"bot_run_id" text,
	"bot_leg" integer,
	"bot_label" text,
	"orb_start" text,
	"orb_range_minutes" integer,
	"win_loss" text,
	"rr" numeric,
	"stop_price" numeric,
	"risk_amount" numeric,
	"contract_size" numeric,
	"value_per_point" numeric,
	"order_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_broker_position_key" UNIQUE("user_id","trading_account_id","broker_position_id"),
	CONSTRAINT "trades_bot_leg_key" UNIQUE("user_id","bot_run_id","bot_leg")
);
--> statement-breakpoint
CREATE TABLE "journal_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"session" text,
	"sentiment" text,
	"plan_summary" text,
	"overall_notes" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_days_user_date_key" UNIQUE("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "journal_trade_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"trade_id" bigint NOT NULL,
	"outcome" text,
	"notes" text,
	"context" jsonb NOT NULL,
	"emotions" jsonb NOT NULL,
	"checklist" jsonb NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_trade_entries_user_trade_key" UNIQUE("user_id","trade_id")
);
--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_days" ADD CONSTRAINT "journal_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD CONSTRAINT "journal_trade_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD CONSTRAINT "journal_trade_entries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trades_user_entry_idx" ON "trades" USING btree ("user_id","entry_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_user_date_idx" ON "trades" USING btree ("user_id","trade_date");--> statement-breakpoint
CREATE INDEX "trades_user_account_idx" ON "trades" USING btree ("user_id","trading_account_id","entry_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_user_instrument_idx" ON "trades" USING btree ("user_id","instrument");--> statement-breakpoint
CREATE INDEX "trades_manual_label_idx" ON "trades" USING btree ("user_id","account_label") WHERE "trades"."source" = 'manual';--> statement-breakpoint
CREATE INDEX "journal_trade_entries_user_date_idx" ON "journal_trade_entries" USING btree ("user_id","date");

CREATE TABLE "alphaorb_bot_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"broker_order_id" text,
	"position_id" text,
	"side" text NOT NULL,
	"order_type" text NOT NULL,
	"qty" numeric NOT NULL,
	"price" numeric,
	"stop_loss" numeric,
	"take_profit" numeric,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alphaorb_bot_orders_clientOrderId_unique" UNIQUE("client_order_id")
);
--> statement-breakpoint
CREATE TABLE "alphaorb_bot_run_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alphaorb_bot_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"trading_day" text NOT NULL,
	"state" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"engine" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"paper" jsonb,
	"cursor" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"arm_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alphaorb_bot_runs_day_key" UNIQUE("bot_id","trading_day")
);
--> statement-breakpoint
CREATE TABLE "alphaorb_bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"trading_account_id" uuid NOT NULL,
	"label" text NOT NULL,
	"instrument_id" text NOT NULL,
	"instrument_symbol" text NOT NULL,
	"trade_route_id" text,
	"info_route_id" text,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"orb_minutes" integer DEFAULT 5 NOT NULL,
	"orb_start_local" text DEFAULT '09:30' NOT NULL,
	"run_days" jsonb NOT NULL,
	"lot_size" numeric DEFAULT '1' NOT NULL,
	"order_type" text DEFAULT 'limit' NOT NULL,
	"max_spread" numeric,
	"risk_max_daily_trades" integer DEFAULT 1 NOT NULL,
	"risk_max_daily_loss" numeric,
	"test_mode" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"engine" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alphaorb_runner_leases" (
	"bot_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alphaorb_bot_orders" ADD CONSTRAINT "alphaorb_bot_orders_run_id_alphaorb_bot_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."alphaorb_bot_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bot_run_events" ADD CONSTRAINT "alphaorb_bot_run_events_run_id_alphaorb_bot_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."alphaorb_bot_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bot_runs" ADD CONSTRAINT "alphaorb_bot_runs_bot_id_alphaorb_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."alphaorb_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bot_runs" ADD CONSTRAINT "alphaorb_bot_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bots" ADD CONSTRAINT "alphaorb_bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bots" ADD CONSTRAINT "alphaorb_bots_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_runner_leases" ADD CONSTRAINT "alphaorb_runner_leases_bot_id_alphaorb_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."alphaorb_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alphaorb_bot_orders_run_id_index" ON "alphaorb_bot_orders" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "alphaorb_bot_run_events_run_id_id_index" ON "alphaorb_bot_run_events" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "alphaorb_bot_runs_user_id_state_index" ON "alphaorb_bot_runs" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "alphaorb_bots_user_id_index" ON "alphaorb_bots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alphaorb_bots_trading_account_id_index" ON "alphaorb_bots" USING btree ("trading_account_id");
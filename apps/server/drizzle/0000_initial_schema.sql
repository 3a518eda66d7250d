CREATE TABLE "api_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_name" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_name_pk" PRIMARY KEY("user_id","role_name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"birthday" date,
	"avatar" text,
	"timezone" text,
	"status" text DEFAULT 'active' NOT NULL,
	"suspended_reason" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_login_at" timestamp with time zone,
	"stripe_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_stripeCustomerId_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"plan_key" text NOT NULL,
	"plan_name" text NOT NULL,
	"status" text NOT NULL,
	"interval" text DEFAULT 'year' NOT NULL,
	"interval_count" integer DEFAULT 1 NOT NULL,
	"unit_amount" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancel_at" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "subscriptions_stripeSubscriptionId_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "trading_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text DEFAULT 'tradelocker' NOT NULL,
	"environment" text NOT NULL,
	"broker_account_id" text NOT NULL,
	"acc_num" text,
	"name" text NOT NULL,
	"label" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"balance" numeric(20, 2),
	"broker_status" text,
	"status" text DEFAULT 'active' NOT NULL,
	"connection" text DEFAULT 'healthy' NOT NULL,
	"server" text,
	"broker_email" text,
	"credentials_enc" text,
	"token_expires_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trading_accounts_userId_platform_environment_brokerAccountId_unique" UNIQUE("user_id","platform","environment","broker_account_id")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"path" text NOT NULL,
	"referrer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"overview" text,
	"duration_seconds" integer,
	"status" text DEFAULT 'published' NOT NULL,
	"hero_image" text,
	"hero_alt" text,
	"hero_caption" text,
	"content_html" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_modules_courseId_slug_unique" UNIQUE("course_id","slug")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text,
	"hero_image" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "module_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"unlocked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_progress_userId_moduleId_unique" UNIQUE("user_id","module_id"),
	CONSTRAINT "module_progress_percent_range" CHECK ("module_progress"."progress_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "module_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"heading" text NOT NULL,
	"description" text,
	"image_src" text,
	"image_alt" text,
	"checklist" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_session_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_session_feeds_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'live' NOT NULL,
	"title" text NOT NULL,
	"schedule_text" text,
	"image" text,
	"days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_hour" integer,
	"start_minute" integer,
	"end_hour" integer,
	"end_minute" integer,
	"timezone" text DEFAULT 'America/Toronto' NOT NULL,
	"is_live_override" boolean DEFAULT false NOT NULL,
	"meeting_number" text,
	"passcode_enc" text,
	"expectations" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"title" text NOT NULL,
	"recorded_at" timestamp with time zone,
	"watch_url" text,
	"download_url" text,
	"duration_seconds" integer,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "instrument_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instrument" text NOT NULL,
	"trade_date" date NOT NULL,
	"session" text NOT NULL,
	"high" numeric(20, 6) NOT NULL,
	"low" numeric(20, 6) NOT NULL,
	"high_at" timestamp with time zone NOT NULL,
	"low_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instrument_levels_instrument_tradeDate_session_unique" UNIQUE("instrument","trade_date","session")
);
--> statement-breakpoint
CREATE TABLE "market_event_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"window_from" timestamp with time zone,
	"window_to" timestamp with time zone,
	"received" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "market_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_key" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"impact" text NOT NULL,
	"forecast" text,
	"previous" text,
	"actual" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_events_sourceKey_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_account_syncs" (
	"trading_account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"history_from" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_duration_ms" integer,
	"consecutive_failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "backtests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"instrument" text NOT NULL,
	"settings" jsonb NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"commission_per_lot" numeric(20, 6) DEFAULT '0' NOT NULL,
	"entry_slippage" numeric(20, 6) DEFAULT '0' NOT NULL,
	"stop_slippage" numeric(20, 6) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_bar_ranges" (
	"instrument" text NOT NULL,
	"from_t" timestamp with time zone NOT NULL,
	"to_t" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_bar_ranges_instrument_from_t_pk" PRIMARY KEY("instrument","from_t")
);
--> statement-breakpoint
CREATE TABLE "market_bars" (
	"instrument" text NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"o" numeric(20, 6) NOT NULL,
	"h" numeric(20, 6) NOT NULL,
	"l" numeric(20, 6) NOT NULL,
	"c" numeric(20, 6) NOT NULL,
	"v" numeric(20, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "market_bars_instrument_t_pk" PRIMARY KEY("instrument","t")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_name_roles_name_fk" FOREIGN KEY ("role_name") REFERENCES "public"."roles"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_progress" ADD CONSTRAINT "module_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_progress" ADD CONSTRAINT "module_progress_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_sections" ADD CONSTRAINT "module_sections_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_session_feeds" ADD CONSTRAINT "live_session_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_days" ADD CONSTRAINT "journal_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD CONSTRAINT "journal_trade_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_entries" ADD CONSTRAINT "journal_trade_entries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_account_syncs" ADD CONSTRAINT "trading_account_syncs_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_account_syncs" ADD CONSTRAINT "trading_account_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bot_orders" ADD CONSTRAINT "alphaorb_bot_orders_run_id_alphaorb_bot_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."alphaorb_bot_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bot_run_events" ADD CONSTRAINT "alphaorb_bot_run_events_run_id_alphaorb_bot_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."alphaorb_bot_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bot_runs" ADD CONSTRAINT "alphaorb_bot_runs_bot_id_alphaorb_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."alphaorb_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bot_runs" ADD CONSTRAINT "alphaorb_bot_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bots" ADD CONSTRAINT "alphaorb_bots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_bots" ADD CONSTRAINT "alphaorb_bots_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alphaorb_runner_leases" ADD CONSTRAINT "alphaorb_runner_leases_bot_id_alphaorb_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."alphaorb_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_user_id_index" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_tokens_user_id_index" ON "password_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trading_accounts_user_id_index" ON "trading_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "page_views_created_at_index" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "course_modules_course_id_sort_order_index" ON "course_modules" USING btree ("course_id","sort_order");--> statement-breakpoint
CREATE INDEX "module_progress_user_id_index" ON "module_progress" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "module_sections_module_id_sort_order_index" ON "module_sections" USING btree ("module_id","sort_order");--> statement-breakpoint
CREATE INDEX "live_sessions_published_sort_order_index" ON "live_sessions" USING btree ("published","sort_order");--> statement-breakpoint
CREATE INDEX "replays_session_id_recorded_at_index" ON "replays" USING btree ("session_id","recorded_at");--> statement-breakpoint
CREATE INDEX "trades_user_entry_idx" ON "trades" USING btree ("user_id","entry_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_date_net_idx" ON "trades" USING btree ("user_id","trade_date","net_pnl") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_account_idx" ON "trades" USING btree ("user_id","trading_account_id","entry_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_user_instrument_entry_idx" ON "trades" USING btree ("user_id","instrument","entry_time" DESC NULLS LAST,"side") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_type_idx" ON "trades" USING btree ("user_id","type") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_side_idx" ON "trades" USING btree ("user_id","side") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_unlinked_label_idx" ON "trades" USING btree ("user_id","account_label") WHERE "trades"."trading_account_id" is null;--> statement-breakpoint
CREATE INDEX "trades_user_bot_idx" ON "trades" USING btree ("user_id","bot_id","exit_time" DESC NULLS LAST) WHERE "trades"."source" = 'bot';--> statement-breakpoint
CREATE INDEX "journal_trade_entries_user_date_idx" ON "journal_trade_entries" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "instrument_levels_trade_date_index" ON "instrument_levels" USING btree ("trade_date");--> statement-breakpoint
CREATE INDEX "market_event_imports_source_started_at_index" ON "market_event_imports" USING btree ("source","started_at");--> statement-breakpoint
CREATE INDEX "market_events_starts_at_index" ON "market_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_index" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_type_subject_id_index" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "alphaorb_bot_orders_run_id_index" ON "alphaorb_bot_orders" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "alphaorb_bot_run_events_run_id_id_index" ON "alphaorb_bot_run_events" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "alphaorb_bot_runs_user_id_state_index" ON "alphaorb_bot_runs" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "alphaorb_bots_user_id_index" ON "alphaorb_bots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alphaorb_bots_trading_account_id_index" ON "alphaorb_bots" USING btree ("trading_account_id");--> statement-breakpoint
CREATE INDEX "backtests_user_id_created_at_index" ON "backtests" USING btree ("user_id","created_at");
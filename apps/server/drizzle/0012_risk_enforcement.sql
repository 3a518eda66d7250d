CREATE TABLE "risk_account_states" (
	"trading_account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"trading_day" text,
	"start_balance" numeric(20, 2),
	"locked_until" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"lock_rule" text,
	"lock_numbers" jsonb,
	"last_error" text,
	"last_checked_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"trading_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"detail" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_actions_event_target_key" UNIQUE("event_id","kind","target")
);
--> statement-breakpoint
CREATE TABLE "risk_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"trading_account_id" uuid NOT NULL,
	"account_label" text NOT NULL,
	"kind" text NOT NULL,
	"rule" text NOT NULL,
	"trading_day" text NOT NULL,
	"numbers" jsonb NOT NULL,
	"message" text NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_account_states" ADD CONSTRAINT "risk_account_states_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_account_states" ADD CONSTRAINT "risk_account_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_actions" ADD CONSTRAINT "risk_actions_event_id_risk_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."risk_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_actions" ADD CONSTRAINT "risk_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_actions" ADD CONSTRAINT "risk_actions_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_trading_account_id_trading_accounts_id_fk" FOREIGN KEY ("trading_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_account_states_user_id_index" ON "risk_account_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "risk_actions_trading_account_id_status_index" ON "risk_actions" USING btree ("trading_account_id","status");--> statement-breakpoint
CREATE INDEX "risk_actions_user_id_index" ON "risk_actions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "risk_events_user_id_created_at_index" ON "risk_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_events_trading_account_id_trading_day_index" ON "risk_events" USING btree ("trading_account_id","trading_day");
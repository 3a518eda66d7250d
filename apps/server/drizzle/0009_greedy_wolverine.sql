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
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backtests_user_id_created_at_index" ON "backtests" USING btree ("user_id","created_at");
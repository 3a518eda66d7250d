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
CREATE INDEX "instrument_levels_trade_date_index" ON "instrument_levels" USING btree ("trade_date");--> statement-breakpoint
CREATE INDEX "market_event_imports_source_started_at_index" ON "market_event_imports" USING btree ("source","started_at");--> statement-breakpoint
CREATE INDEX "market_events_starts_at_index" ON "market_events" USING btree ("starts_at");
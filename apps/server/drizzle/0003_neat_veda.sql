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
ALTER TABLE "live_session_feeds" ADD CONSTRAINT "live_session_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_sessions_published_sort_order_index" ON "live_sessions" USING btree ("published","sort_order");--> statement-breakpoint
CREATE INDEX "replays_session_id_recorded_at_index" ON "replays" USING btree ("session_id","recorded_at");
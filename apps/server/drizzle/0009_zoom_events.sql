CREATE TABLE "session_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"meeting_uuid" text NOT NULL,
	"participant_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "zoom_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"meeting_number" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "meeting_state" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "meeting_state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "replay_publishing" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "replays" ADD COLUMN "passcode_enc" text;--> statement-breakpoint
ALTER TABLE "replays" ADD COLUMN "mentor" text;--> statement-breakpoint
ALTER TABLE "replays" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "replays" ADD COLUMN "zoom_meeting_uuid" text;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_attendance_session_id_joined_at_index" ON "session_attendance" USING btree ("session_id","joined_at");--> statement-breakpoint
CREATE INDEX "session_attendance_user_id_joined_at_index" ON "session_attendance" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "replays_zoom_meeting_uuid_index" ON "replays" USING btree ("zoom_meeting_uuid");
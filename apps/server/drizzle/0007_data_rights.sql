CREATE TABLE "account_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel" text NOT NULL,
	"requested_by" text NOT NULL,
	"reason" text,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" text,
	"grace_ends_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"requested_by" text NOT NULL,
	"archive" "bytea",
	"size" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closures_user_id_index" ON "account_closures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_closures_status_grace_ends_at_index" ON "account_closures" USING btree ("status","grace_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_closures_open_key" ON "account_closures" USING btree ("user_id") WHERE "account_closures"."status" in ('pending', 'erasing');--> statement-breakpoint
CREATE INDEX "data_exports_user_id_created_at_index" ON "data_exports" USING btree ("user_id","created_at");
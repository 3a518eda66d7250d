CREATE TABLE "journal_screenshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"trade_id" bigint,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"image" "bytea" NOT NULL,
	"thumbnail_type" text,
	"thumbnail" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_screenshots" ADD CONSTRAINT "journal_screenshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_screenshots" ADD CONSTRAINT "journal_screenshots_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_screenshots_user_date_idx" ON "journal_screenshots" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "journal_screenshots_trade_idx" ON "journal_screenshots" USING btree ("trade_id");
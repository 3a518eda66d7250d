CREATE TABLE "trade_excursions" (
	"trade_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"mae_points" numeric,
	"mfe_points" numeric,
	"mae_money" numeric,
	"mfe_money" numeric,
	"mae_r" numeric,
	"mfe_r" numeric,
	"left_on_table_money" numeric,
	"left_on_table_r" numeric,
	"trade_updated_at" timestamp with time zone NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_excursions" ADD CONSTRAINT "trade_excursions_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_excursions" ADD CONSTRAINT "trade_excursions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_excursions_user_id_index" ON "trade_excursions" USING btree ("user_id");
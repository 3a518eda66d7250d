DROP INDEX "trades_user_date_idx";--> statement-breakpoint
DROP INDEX "trades_user_instrument_idx";--> statement-breakpoint
CREATE INDEX "trades_user_date_net_idx" ON "trades" USING btree ("user_id","trade_date","net_pnl") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_instrument_entry_idx" ON "trades" USING btree ("user_id","instrument","entry_time" DESC NULLS LAST,"side") WHERE "trades"."source" <> 'bot';
DROP INDEX "trades_manual_label_idx";--> statement-breakpoint
DROP INDEX "trades_user_entry_idx";--> statement-breakpoint
DROP INDEX "trades_user_date_idx";--> statement-breakpoint
DROP INDEX "trades_user_instrument_idx";--> statement-breakpoint
CREATE INDEX "trades_user_type_idx" ON "trades" USING btree ("user_id","type") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_side_idx" ON "trades" USING btree ("user_id","side") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_unlinked_label_idx" ON "trades" USING btree ("user_id","account_label") WHERE "trades"."trading_account_id" is null;--> statement-breakpoint
CREATE INDEX "trades_user_bot_idx" ON "trades" USING btree ("user_id","bot_id","exit_time" DESC NULLS LAST) WHERE "trades"."source" = 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_entry_idx" ON "trades" USING btree ("user_id","entry_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_date_idx" ON "trades" USING btree ("user_id","trade_date") WHERE "trades"."source" <> 'bot';--> statement-breakpoint
CREATE INDEX "trades_user_instrument_idx" ON "trades" USING btree ("user_id","instrument","entry_time" DESC NULLS LAST) WHERE "trades"."source" <> 'bot';

-- The trade rules the report rollups need in SQL (the Toronto trade zone, the §4.4 sessions,
-- the report's account keys) are generated from @th/domain at boot by src/db/domain-sql.ts,
-- not written here: these are the functions it replaces, declared so the ones below can call
-- them. Boot installs the real bodies (and rebuilds the rollups) before serving.
CREATE OR REPLACE FUNCTION "trade_time_zone"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select null::text $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "trade_session"(minute integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select null::text $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "domain_sql_digest"() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select null::text $$;
--> statement-breakpoint
-- As in 0002, with the zone and the session table read from the generated functions.
CREATE OR REPLACE FUNCTION "trade_report_facts"(t trades) RETURNS TABLE (
  account_key text, month date, weekday integer, hour integer, session text, own_r numeric, point_r numeric
)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select report_account_key(t.trading_account_id, t.account_label),
    date_trunc('month', t.trade_date::timestamp)::date,
    extract(isodow from l.at)::int,
    extract(hour from l.at)::int,
    trade_session(l.minute),
    case
      when t.rr is not null then t.rr
      when t.risk_amount is not null and t.risk_amount <> 0 then t.net_pnl / abs(t.risk_amount)
      when r.point_risk is not null and r.own_point_value <> 0 then t.net_pnl / (r.point_risk * r.own_point_value)
    end,
    case
      when t.rr is null and (t.risk_amount is null or t.risk_amount = 0)
        and r.point_risk is not null and r.own_point_value is null
        then t.net_pnl / r.point_risk
    end
  from (select coalesce(t.entry_time, t.exit_time) at time zone trade_time_zone() as at) z
  cross join lateral (select z.at, extract(hour from z.at)::int * 60 + extract(minute from z.at)::int as minute) l
  cross join lateral (
    select coalesce(t.value_per_point, t.contract_size) as own_point_value,
      case when t.entry_price <> coalesce(t.stop_loss, t.stop_price) and t.quantity <> 0
        then abs(t.entry_price - coalesce(t.stop_loss, t.stop_price)) * abs(t.quantity) end as point_risk
  ) r
$$;

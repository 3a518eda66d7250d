CREATE TABLE "report_days" (
	"user_id" uuid NOT NULL,
	"account_key" text NOT NULL,
	"trade_date" date,
	"trades" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"gross_win" numeric NOT NULL,
	"gross_loss" numeric NOT NULL,
	"largest_win" numeric,
	"largest_loss" numeric,
	"low_equity" numeric NOT NULL,
	"high_equity" numeric NOT NULL,
	"drawdown" numeric NOT NULL,
	"first_sign" smallint NOT NULL,
	"first_run" integer NOT NULL,
	"last_sign" smallint NOT NULL,
	"last_run" integer NOT NULL,
	"longest_win" integer NOT NULL,
	"longest_loss" integer NOT NULL,
	CONSTRAINT "report_days_key" UNIQUE NULLS NOT DISTINCT("user_id","trade_date","account_key")
);
--> statement-breakpoint
CREATE TABLE "report_months" (
	"user_id" uuid NOT NULL,
	"month" date,
	"account_key" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"trades" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"gross_win" numeric NOT NULL,
	"gross_loss" numeric NOT NULL,
	"own_r_sum" numeric NOT NULL,
	"own_r_count" integer NOT NULL,
	"point_r_sum" numeric NOT NULL,
	"point_r_count" integer NOT NULL,
	CONSTRAINT "report_months_key" UNIQUE NULLS NOT DISTINCT("user_id","month","account_key","dim","key")
);
--> statement-breakpoint
-- The report's account key of a trade (see src/db/schema/reports.ts).
CREATE FUNCTION "report_account_key"(trading_account_id uuid, account_label text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case
    when trading_account_id is not null then trading_account_id::text
    when account_label is null then 'unlabeled'
    else 'label:' || account_label
  end
$$;
--> statement-breakpoint
-- What the report groups a trade by: its account key and month, the Toronto weekday, hour
-- and §4.4 session of its entry (else exit), and its R multiple: own_r when the trade carries
-- its risk (a recorded R, a risk amount, or stop and size with its own value per point), else
-- point_r, the R of one unit of value per point, divided by the shared instrument table's
-- value when read. The session bounds are the domain's TRADING_SESSIONS (a test holds them
-- equal); changing them needs a migration that rebuilds the rollups.
CREATE FUNCTION "trade_report_facts"(t trades) RETURNS TABLE (
  account_key text, month date, weekday integer, hour integer, session text, own_r numeric, point_r numeric
)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select report_account_key(t.trading_account_id, t.account_label),
    date_trunc('month', t.trade_date::timestamp)::date,
    extract(isodow from l.at)::int,
    extract(hour from l.at)::int,
    case
      when l.minute >= 1140 or l.minute <= 59 then 'Asian Range'
      when l.minute <= 239 then 'London'
      when l.minute <= 519 then 'Early Premarket'
      when l.minute <= 569 then 'Premarket'
      when l.minute <= 959 then 'New York'
      when l.minute <= 1139 then 'After Hours'
    end,
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
  from (select coalesce(t.entry_time, t.exit_time) at time zone 'America/Toronto' as at) z
  cross join lateral (select z.at, extract(hour from z.at)::int * 60 + extract(minute from z.at)::int as minute) l
  cross join lateral (
    select coalesce(t.value_per_point, t.contract_size) as own_point_value,
      case when t.entry_price <> coalesce(t.stop_loss, t.stop_price) and t.quantity <> 0
        then abs(t.entry_price - coalesce(t.stop_loss, t.stop_price)) * abs(t.quantity) end as point_risk
  ) r
$$;
--> statement-breakpoint
-- Members' journal trades (not bot runs, net P&L known) on the given trade dates, pairwise;
-- a null date stands for the trades without one.
CREATE FUNCTION "report_trades_on"(members uuid[], dates date[]) RETURNS SETOF trades
LANGUAGE sql STABLE AS $$
  select t.* from unnest(members, dates) as c(user_id, trade_date)
    join trades t on t.user_id = c.user_id and t.trade_date = c.trade_date
  where t.source <> 'bot' and t.net_pnl is not null
  union all
  select t.* from unnest(members, dates) as c(user_id, trade_date)
    join trades t on t.user_id = c.user_id and t.trade_date is null
  where c.trade_date is null and t.source <> 'bot' and t.net_pnl is not null
$$;
--> statement-breakpoint
-- Rebuilds, from the trades table, the report_days rows of the given distinct (member, trade
-- date) pairs and the report_months rows of their months.
CREATE FUNCTION "report_rollup_rebuild"(members uuid[], dates date[]) RETURNS void
LANGUAGE plpgsql SET work_mem = '64MB' AS $$
declare
  member uuid;
  month_members uuid[];
  month_days date[];
begin
  -- One transaction at a time rebuilds a member's rollups: a second writer waits here until
  -- the first commits, then (read committed) reads its trades too, so neither loses a trade.
  for member in select distinct m from unnest(members) as m order by m loop
    perform pg_advisory_xact_lock(hashtext('report rollup'), hashtext(member::text));
  end loop;

  delete from report_days d using unnest(members, dates) as c(user_id, trade_date)
  where d.user_id = c.user_id and d.trade_date = c.trade_date;
  delete from report_days d using unnest(members, dates) as c(user_id, trade_date)
  where c.trade_date is null and d.user_id = c.user_id and d.trade_date is null;

  insert into report_days (user_id, account_key, trade_date, trades, wins, losses, gross_win, gross_loss,
    largest_win, largest_loss, low_equity, high_equity, drawdown, first_sign, first_run, last_sign, last_run,
    longest_win, longest_loss)
  -- Every trade twice, under its own account and under every account ('*'), in order within
  -- its day; a run starts where the sign changes.
  with ordered as (
    select t.user_id, k.account_key, t.trade_date, t.net_pnl as net, sign(t.net_pnl)::int as sg,
      row_number() over w as rn, count(*) over day as n, sum(t.net_pnl) over w as equity,
      sign(t.net_pnl) is distinct from lag(sign(t.net_pnl)) over w as run_starts
    from report_trades_on(members, dates) t
    cross join lateral (values (report_account_key(t.trading_account_id, t.account_label)), ('*')) as k(account_key)
    window day as (partition by t.user_id, k.account_key, t.trade_date),
      w as (day order by coalesce(t.exit_time, t.entry_time), t.id)
  ),
  -- The day's running peak of equity and the length of the run so far.
  running as (
    select o.*, max(equity) over w as peak, rn - max(rn) filter (where run_starts) over w + 1 as run,
      max(rn) filter (where run_starts) over w as run_start
    from ordered o
    window w as (partition by user_id, account_key, trade_date order by rn)
  )
  select user_id, account_key, trade_date, count(*)::int,
    (count(*) filter (where net > 0))::int, (count(*) filter (where net < 0))::int,
    coalesce(sum(net) filter (where net > 0), 0), coalesce(-sum(net) filter (where net < 0), 0),
    max(net) filter (where net > 0), min(net) filter (where net < 0),
    min(equity), max(equity), max(peak - equity),
    max(sg) filter (where rn = 1), coalesce(max(run) filter (where run_start = 1 and sg <> 0), 0),
    max(sg) filter (where rn = n), coalesce(max(run) filter (where rn = n and sg <> 0), 0),
    coalesce(max(run) filter (where sg = 1), 0), coalesce(max(run) filter (where sg = -1), 0)
  from running
  group by user_id, account_key, trade_date;

  -- The months of those dates, as every day of them (a null month: the trades without a date).
  select array_agg(user_id), array_agg(trade_date) into month_members, month_days
  from (
    select m.user_id, d.day::date as trade_date
    from (select distinct user_id, date_trunc('month', trade_date::timestamp)::date as month
          from unnest(members, dates) as c(user_id, trade_date) where trade_date is not null) m
    cross join lateral generate_series(m.month, m.month + interval '1 month - 1 day', interval '1 day') as d(day)
    union all
    select user_id, null from unnest(members, dates) as c(user_id, trade_date) where trade_date is null
  ) c;

  delete from report_months m
  using (select distinct user_id, date_trunc('month', trade_date::timestamp)::date as month
         from unnest(members, dates) as c(user_id, trade_date)) c
  where m.user_id = c.user_id and m.month = c.month;
  delete from report_months m using unnest(members, dates) as c(user_id, trade_date)
  where c.trade_date is null and m.user_id = c.user_id and m.month is null;

  insert into report_months (user_id, month, account_key, dim, key, trades, wins, losses, gross_win, gross_loss,
    own_r_sum, own_r_count, point_r_sum, point_r_count)
  select * from (
    select t.user_id, f.month, f.account_key,
      case when grouping(t.side) = 0 then 'direction' when grouping(f.session) = 0 then 'session'
        when grouping(t.instrument) = 0 then 'instrument' when grouping(f.weekday) = 0 then 'weekday'
        else 'hour' end as dim,
      case when grouping(t.side) = 0 then t.side when grouping(f.session) = 0 then f.session
        when grouping(t.instrument) = 0 then t.instrument when grouping(f.weekday) = 0 then f.weekday::text
        else f.hour::text end as key,
      count(*)::int, (count(*) filter (where t.net_pnl > 0))::int, (count(*) filter (where t.net_pnl < 0))::int,
      coalesce(sum(t.net_pnl) filter (where t.net_pnl > 0), 0), coalesce(-sum(t.net_pnl) filter (where t.net_pnl < 0), 0),
      coalesce(sum(f.own_r), 0), count(f.own_r)::int, coalesce(sum(f.point_r), 0), count(f.point_r)::int
    from report_trades_on(month_members, month_days) t
    cross join lateral trade_report_facts(t) f
    group by t.user_id, f.month, f.account_key,
      grouping sets ((t.side), (f.session), (t.instrument), (f.weekday), (f.hour))
  ) grouped
  -- A trade without entry or exit time has no weekday, hour or session.
  where key is not null;
end
$$;
--> statement-breakpoint
-- After every statement writing trades, the rollups of the (member, trade date) pairs it
-- touched, before and after the change, are rebuilt. Bot runs are not in the report.
CREATE FUNCTION "refresh_report_rollups"() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  members uuid[];
  dates date[];
begin
  if TG_OP = 'INSERT' then
    select array_agg(user_id), array_agg(trade_date) into members, dates
    from (select distinct user_id, trade_date from new_rows where source <> 'bot') c;
  elsif TG_OP = 'DELETE' then
    select array_agg(user_id), array_agg(trade_date) into members, dates
    from (select distinct user_id, trade_date from old_rows where source <> 'bot') c;
  else
    select array_agg(user_id), array_agg(trade_date) into members, dates
    from (select user_id, trade_date from old_rows where source <> 'bot'
          union select user_id, trade_date from new_rows where source <> 'bot') c;
  end if;
  if members is not null then
    perform report_rollup_rebuild(members, dates);
  end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER "trades_report_rollups_insert" AFTER INSERT ON "trades" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_report_rollups"();
--> statement-breakpoint
CREATE TRIGGER "trades_report_rollups_update" AFTER UPDATE ON "trades" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_report_rollups"();
--> statement-breakpoint
CREATE TRIGGER "trades_report_rollups_delete" AFTER DELETE ON "trades" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_report_rollups"();
--> statement-breakpoint
-- The trades written before these triggers existed.
SELECT report_rollup_rebuild(array_agg(user_id), array_agg(trade_date))
FROM (SELECT DISTINCT user_id, trade_date FROM trades WHERE source <> 'bot') c;

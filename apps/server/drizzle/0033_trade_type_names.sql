-- A trade's type was stored as its writer spelled it: the TradeLocker sync and the demo data
-- "market", manual entry, the MT5 import and AlphaORB "Market", so the journal showed both.
-- Every spelling of a type §5.3 offers becomes that type's name, as tradeTypeName
-- (@th/contracts) now stores new trades; an unknown type keeps its words, spaces tidied; a
-- blank type is none. Only rows whose type changes are written.
UPDATE "trades" t SET "type" = n.name
FROM (
  SELECT id, CASE lower(regexp_replace("type", '[[:space:]_-]+', '', 'g'))
    WHEN 'market' THEN 'Market'
    WHEN 'limit' THEN 'Limit'
    WHEN 'stop' THEN 'Stop'
    WHEN 'stoplimit' THEN 'Stop Limit'
    WHEN 'stopmarket' THEN 'Stop Market'
    WHEN 'trailingstop' THEN 'Trailing Stop'
    WHEN 'takeprofit' THEN 'Take Profit'
    ELSE nullif(btrim(regexp_replace("type", '[[:space:]]+', ' ', 'g')), '')
  END AS name
  FROM "trades"
  WHERE "type" IS NOT NULL
) n
WHERE t.id = n.id AND t."type" IS DISTINCT FROM n.name;

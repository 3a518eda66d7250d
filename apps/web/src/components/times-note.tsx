import { TRADE_TIME_ZONE } from '@th/domain';

/**
 * The zone of the times in the table beside it, said on screen: a time a member reads names its
 * zone (trade times are Toronto's whatever the device's or the profile's zone, a backtest's its
 * bot's). For tables whose columns the spec names word for word ("Entry time"), so the zone cannot
 * go in a header.
 */
export function TimesNote({ zone = TRADE_TIME_ZONE }: { zone?: string }) {
  return <p className="muted">{zone === TRADE_TIME_ZONE ? 'Times are Toronto time (America/Toronto).' : `Times are in ${zone}.`}</p>;
}

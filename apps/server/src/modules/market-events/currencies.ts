/** Country or region of the currencies economic calendars publish events for. */
const COUNTRIES: Readonly<Record<string, string>> = {
  USD: 'United States',
  EUR: 'Euro Area',
  GBP: 'United Kingdom',
  JPY: 'Japan',
  CAD: 'Canada',
  AUD: 'Australia',
  NZD: 'New Zealand',
  CHF: 'Switzerland',
  CNY: 'China',
  ALL: 'Global',
};

export function countryOfCurrency(currency: string): string {
  return COUNTRIES[currency] ?? currency;
}

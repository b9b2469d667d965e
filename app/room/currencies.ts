/**
 * The currencies a room can choose, named in the browser's language
 * ("EUR — Euro"), the most used first, then every other the browser knows.
 */
const COMMON = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY", "CHF", "SEK", "NOK", "DKK", "NZD", "PLN"];

export function currencyChoices(current: string): { code: string; name: string }[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("currency") ?? COMMON;
  const names = new Intl.DisplayNames(undefined, { type: "currency" });
  const codes = [...new Set([...COMMON, current, ...all])];
  return codes.map((code) => ({ code, name: names.of(code) ?? code }));
}

/** A first guess for a new room: the currency of the browser's region, else US dollars. */
export function localCurrency(): string {
  const region = new Intl.Locale(navigator.language).maximize().region;
  const byRegion: Record<string, string> = {
    US: "USD",
    GB: "GBP",
    CA: "CAD",
    AU: "AUD",
    NZ: "NZD",
    JP: "JPY",
    CH: "CHF",
    SE: "SEK",
    NO: "NOK",
    DK: "DKK",
    PL: "PLN",
    IN: "INR",
    BR: "BRL",
    MX: "MXN",
    CN: "CNY",
    KR: "KRW",
    SG: "SGD",
    HK: "HKD",
    ZA: "ZAR",
  };
  const euro = [
    "AT",
    "BE",
    "CY",
    "DE",
    "EE",
    "ES",
    "FI",
    "FR",
    "GR",
    "HR",
    "IE",
    "IT",
    "LT",
    "LU",
    "LV",
    "MT",
    "NL",
    "PT",
    "SI",
    "SK",
  ];
  if (region && euro.includes(region)) return "EUR";
  return (region && byRegion[region]) || "USD";
}

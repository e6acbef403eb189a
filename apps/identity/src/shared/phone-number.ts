import { DomainError } from '@abide/platform';
import { getTimezone } from 'countries-and-timezones';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The country a number written without its country code is read in: the one of the member's time zone (the zone's
 * principal country in the tz database, e.g. Europe/London → GB), else the configured default (PHONE_DEFAULT_REGION).
 * A number written with `+` and its country code is read as written wherever the member is.
 */
export const phoneRegionFor = (timeZone: string | null | undefined, fallback: string): CountryCode => {
  const zone = timeZone ? getTimezone(timeZone) : null;
  const country = zone?.countries[0] ?? (zone?.aliasOf ? getTimezone(zone.aliasOf)?.countries[0] : undefined);
  if (country && isSupportedCountry(country)) return country;
  return fallback as CountryCode;
};

export type PhoneNumberResult = { ok: true; phoneNumber: string } | { ok: false; message: string };

/**
 * A phone number as a person typed it (spaces, brackets, dashes, a national form) in E.164 (`+12015550123`), or the
 * reason it cannot be one. Valid means a number libphonenumber's full metadata knows as assignable in its country.
 */
export const normalisePhoneNumber = (input: string, region: CountryCode): PhoneNumberResult => {
  const parsed = parsePhoneNumberFromString(input.trim(), region);
  if (parsed?.isValid()) return { ok: true, phoneNumber: parsed.number };
  const written = input.trim().startsWith('+') || input.trim().startsWith('00');
  return {
    ok: false,
    message: written
      ? 'This is not a valid phone number. Check the country code and the digits.'
      : `This is not a valid ${regionNames.of(region) ?? region} phone number. Check the digits, or start with + and ` +
        'the country code (for example +44 20 7946 0000).',
  };
};

/**
 * The number a request sets, in E.164: undefined when the request leaves it alone, null when it clears it, and a
 * 400 naming the field when it is not a phone number.
 */
export const phoneNumberOf = (input: string | null | undefined, region: CountryCode, field = 'phoneNumber'): string | null | undefined => {
  if (input === undefined) return undefined;
  if (input === null || input.trim() === '') return null;
  const result = normalisePhoneNumber(input, region);
  if (result.ok) return result.phoneNumber;
  throw DomainError.validation([{ field, message: result.message }]);
};

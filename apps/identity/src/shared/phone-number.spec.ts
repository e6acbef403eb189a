import { DomainError } from '@abide/platform';
import { normalisePhoneNumber, phoneNumberOf, phoneRegionFor } from './phone-number';

describe(normalisePhoneNumber.name, () => {
  it('returns E.164 for a number typed with spaces, brackets and dashes in the national form of its region', () => {
    expect(normalisePhoneNumber('(201) 555-0123', 'US')).toEqual({ ok: true, phoneNumber: '+12015550123' });
    expect(normalisePhoneNumber(' 020 7946 0000 ', 'GB')).toEqual({ ok: true, phoneNumber: '+442079460000' });
  });

  it('returns a number written with + and its country code as written, whatever the region', () => {
    expect(normalisePhoneNumber('+44 20 7946 0000', 'US')).toEqual({ ok: true, phoneNumber: '+442079460000' });
    expect(normalisePhoneNumber('+1 201-555-0123', 'DE')).toEqual({ ok: true, phoneNumber: '+12015550123' });
  });

  it('returns a reason naming the region for a national number that is not valid there', () => {
    const sut = normalisePhoneNumber('(555) 123-4567', 'US');

    expect(sut).toEqual({ ok: false, message: expect.stringContaining('not a valid United States phone number') });
  });

  it('returns a reason about the country code for an international number that is not valid', () => {
    expect(normalisePhoneNumber('+999 1234', 'US')).toEqual({ ok: false, message: expect.stringContaining('Check the country code') });
    expect(normalisePhoneNumber('12', 'GB')).toMatchObject({ ok: false });
  });
});

describe(phoneRegionFor.name, () => {
  it("returns the time zone's country, following an alias, else the default", () => {
    expect(phoneRegionFor('Europe/London', 'US')).toBe('GB');
    expect(phoneRegionFor('America/Chicago', 'GB')).toBe('US');
    expect(phoneRegionFor('Europe/Oslo', 'US')).toBe('NO');
    expect(phoneRegionFor('UTC', 'CA')).toBe('CA');
    expect(phoneRegionFor('Etc/GMT+5', 'US')).toBe('US');
    expect(phoneRegionFor(undefined, 'AU')).toBe('AU');
  });
});

describe(phoneNumberOf.name, () => {
  it('returns undefined when left out, null when cleared, E.164 when valid', () => {
    expect(phoneNumberOf(undefined, 'US')).toBeUndefined();
    expect(phoneNumberOf('  ', 'US')).toBeNull();
    expect(phoneNumberOf(null, 'US')).toBeNull();
    expect(phoneNumberOf('201 555 0123', 'US')).toBe('+12015550123');
  });

  it('throws a 400 naming the field for a number that is not one', () => {
    const sut = (() => {
      try {
        return phoneNumberOf('555 0000', 'US', 'phoneNumber');
      } catch (error) {
        return error;
      }
    })() as DomainError;

    expect(sut).toBeInstanceOf(DomainError);
    expect(sut.status).toBe(400);
    expect(sut.errors).toEqual([{ field: 'phoneNumber', message: expect.stringContaining('not a valid United States phone number') }]);
  });
});

import { isTwilioSignatureValid, twilioSignature } from './twilio-signature';

// The example of Twilio's "Validating requests" documentation: auth token, URL, fields and the signature it gives.
const token = '12345';
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
const documented = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';

describe(twilioSignature.name, () => {
  it("returns the signature of Twilio's documented example", () => {
    expect(twilioSignature(token, url, params)).toBe(documented);
  });
});

describe(isTwilioSignatureValid.name, () => {
  it('returns true for the signature made with the token over exactly this URL and these fields', () => {
    expect(isTwilioSignatureValid(token, url, params, documented)).toBe(true);
  });

  it('returns false for another token, URL, field value, an extra field, a missing or malformed signature', () => {
    expect(isTwilioSignatureValid('54321', url, params, documented)).toBe(false);
    expect(isTwilioSignatureValid(token, 'https://mycompany.com/myapp.php', params, documented)).toBe(false);
    expect(isTwilioSignatureValid(token, url, { ...params, Digits: '1235' }, documented)).toBe(false);
    expect(isTwilioSignatureValid(token, url, { ...params, Body: 'STOP' }, documented)).toBe(false);
    expect(isTwilioSignatureValid(token, url, params, undefined)).toBe(false);
    expect(isTwilioSignatureValid(token, url, params, 'short')).toBe(false);
  });
});

import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('is the address the request came from', () => {
    expect(clientAddress({ ip: '203.0.113.9' })).toBe('203.0.113.9');
  });

  it('ends a request whose client already hung up (its socket has no address) as a 400, not a 500', () => {
    const gone = (): string => clientAddress({ ip: undefined as unknown as string });
    expect(gone).toThrow(DomainError);
    expect(gone).toThrow(expect.objectContaining({ status: 400, code: errorCodes.clientClosedRequest }) as Error);
  });
});

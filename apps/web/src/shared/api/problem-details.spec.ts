import { problemOf } from './problem-details';

describe(problemOf.name, () => {
  it('returns the problem details when the server answered problem+json', () => {
    const body = { type: 'about:blank', title: 'Conflict', status: 409, code: 'EMAIL_TAKEN', detail: 'Taken.' };

    expect(problemOf({ status: 409, data: body })).toEqual(body);
  });

  it('returns null when the body is not problem details', () => {
    expect(problemOf({ status: 500, data: '<html>oops</html>' })).toBeNull();
  });

  it('returns null when the request never reached the server', () => {
    expect(problemOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeNull();
  });
});

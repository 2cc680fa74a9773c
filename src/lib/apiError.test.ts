import { ERROR_CODES } from '../../contract/messages';
import { classifyFailure, errorCode, errorMessage, retryAfterInWords, withRetryAfter } from './apiError';

const refusal = (status: number, message: string, code?: string) => ({ status, data: { errors: [message], ...(code ? { code } : {}) } });

describe('reading the backend refusals', () => {
  it('shows the backend message, or a plain fallback when there is none', () => {
    expect(errorMessage(refusal(400, 'This Post is already bookmarked'))).toBe('This Post is already bookmarked');
    expect(errorMessage({ status: 400, data: { errors: [] } })).toBe('Something went wrong. Please try again.');
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('Something went wrong. Please try again.');
    expect(errorMessage(new Error('boom'), 'Custom fallback')).toBe('Custom fallback');
  });

  it('sends network failures and 5xx to the error page', () => {
    expect(classifyFailure({ status: 'FETCH_ERROR', error: 'Failed to fetch' }, true).kind).toBe('network');
    expect(classifyFailure({ status: 'PARSING_ERROR', data: '<html>' }, false).kind).toBe('server');
    expect(classifyFailure(refusal(500, 'Internal'), false).kind).toBe('server');
    expect(classifyFailure(undefined, false).kind).toBe('network');
  });

  it('ends the session on a refused token or an unknown member, only when a token was sent', () => {
    expect(classifyFailure(refusal(401, 'The token is invalid. Unauthorized access error.', ERROR_CODES.tokenInvalid), true).kind).toBe('unauthorized');
    expect(classifyFailure(refusal(404, 'The username you entered is not Registered. Not Found error', ERROR_CODES.userNotRegistered), true).kind).toBe('unauthorized');
    expect(classifyFailure(refusal(404, 'The username you entered is not Registered. Not Found error', ERROR_CODES.userNotRegistered), false).kind).toBe('client');
  });

  it('treats a wrong password as refused input, not an ended session', () => {
    const failure = classifyFailure(refusal(401, 'The credentials you entered are invalid. Unauthorized access error.', ERROR_CODES.invalidCredentials), true);
    expect(failure).toEqual({ kind: 'client', status: 401, message: 'The credentials you entered are invalid. Unauthorized access error.', code: ERROR_CODES.invalidCredentials });
  });

  it('decides by the code, whatever the message says', () => {
    expect(classifyFailure(refusal(401, 'Ihr Token ist abgelaufen.', ERROR_CODES.tokenInvalid), true).kind).toBe('unauthorized');
    expect(classifyFailure(refusal(404, 'The username you entered is not Registered. Not Found error', ERROR_CODES.userNotFound), true).kind).toBe('client');
    expect(classifyFailure(refusal(401, 'The token is invalid. Unauthorized access error.', ERROR_CODES.invalidCredentials), true).kind).toBe('client');
    expect(classifyFailure(refusal(429, 'Too many requests. Try again later.', ERROR_CODES.tooManyRequests), true)).toEqual({ kind: 'client', status: 429, message: 'Too many requests. Try again later.', code: ERROR_CODES.tooManyRequests });
  });

  it('reads a backend without codes by status: a 401 with a token ends the session, a 404 is a message', () => {
    expect(errorCode(refusal(401, 'Nope'))).toBeUndefined();
    expect(classifyFailure(refusal(401, 'Nope'), true).kind).toBe('unauthorized');
    expect(classifyFailure(refusal(401, 'Nope'), false).kind).toBe('client');
    expect(classifyFailure(refusal(404, 'The username you entered is not Registered. Not Found error'), true).kind).toBe('client');
  });

  it('shows other 4xx answers as a message', () => {
    expect(classifyFailure(refusal(400, 'User Already following'), true)).toEqual({ kind: 'client', status: 400, message: 'User Already following' });
  });
});

describe('retryAfterInWords: when a 429 says to try again', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it.each([
    ['0', 'in a moment'],
    ['4', 'in a moment'],
    ['5', 'in 5 seconds'],
    ['59', 'in 59 seconds'],
    ['60', 'in 1 minute'],
    ['61', 'in 2 minutes'],
    ['720', 'in 12 minutes'],
    ['1799', 'in 30 minutes'],
    ['3600', 'in 1 hour'],
    ['3601', 'in 2 hours'],
    ['10800', 'in 3 hours'],
    ['Thu, 26 Nov 2026 10:12:00 GMT', 'in 12 minutes'],
  ])('Retry-After: %s says "%s"', (header, words) => {
    expect(retryAfterInWords(header, now)).toBe(words);
  });

  it.each([[null], [''], ['soon'], ['-5']])('says nothing for %p', (header) => {
    expect(retryAfterInWords(header, now)).toBeUndefined();
  });

  it('puts the wait in a 429\'s message, and leaves every other failure alone', () => {
    const tooMany = refusal(429, 'Too many requests. Try again later.', ERROR_CODES.tooManyRequests);
    const told = withRetryAfter(tooMany, new Headers({ 'retry-after': '720' }));
    expect(errorMessage(told)).toBe('Too many requests. Try again in 12 minutes.');
    expect(errorCode(told)).toBe(ERROR_CODES.tooManyRequests);
    // The wait is kept beside the words, for the member's language to word it (src/i18n/failureTexts.ts).
    expect(classifyFailure(told, true)).toEqual({ kind: 'client', status: 429, message: 'Too many requests. Try again in 12 minutes.', code: ERROR_CODES.tooManyRequests, retryAfter: 720 });
    expect(withRetryAfter(tooMany, new Headers())).toBe(tooMany);
    const taken = refusal(422, 'Unprocessable Entity. Username Already Exists.', ERROR_CODES.usernameExists);
    expect(withRetryAfter(taken, new Headers({ 'retry-after': '720' }))).toBe(taken);
  });
});


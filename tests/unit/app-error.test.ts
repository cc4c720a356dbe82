/**
 * Core's errors carry which of the shop's messages they are, so a door words or addresses them by
 * key (the profile's `?message=<key>`) instead of reading their text back.
 */
import { describe, expect, it } from 'vitest';
import { keyOfMessage, MSG, ORDER_STATUS_LABELS } from '../../contracts/index.ts';
import { AppError, classifyFailure } from '../../core/shared/errors.ts';

describe('AppError', () => {
  it('knows the key of a message it was given exactly', () => {
    expect(new AppError(409, MSG.cardPaymentsOff).key).toBe('cardPaymentsOff');
    expect(new AppError(400, 'نص لا يعرفه المتجر').key).toBeUndefined();
  });

  it('words a message about something with its key, the detail after it', () => {
    const error = AppError.about(409, 'orderNotCancellable', ORDER_STATUS_LABELS.shipped);
    expect(error.message).toBe(`${MSG.orderNotCancellable}: ${ORDER_STATUS_LABELS.shipped}`);
    expect(error.key).toBe('orderNotCancellable');
    expect(error.status).toBe(409);
    expect(AppError.about(404, 'orderNotFound').message).toBe(MSG.orderNotFound);
  });

  it('carries how long to wait, when there is a wait', () => {
    expect(new AppError(429, MSG.tooManyAttempts, undefined, { retryAfter: 42 }).retryAfter).toBe(42);
    expect(new AppError(409, MSG.cardPaymentsOff).retryAfter).toBeUndefined();
  });
});

describe('keyOfMessage', () => {
  it('finds a message given exactly, never one with a detail after it', () => {
    expect(keyOfMessage(MSG.sizeSoldOut)).toBe('sizeSoldOut');
    expect(keyOfMessage(`${MSG.sizeSoldOut}: تيشيرت`)).toBeUndefined();
  });
});

describe('classifyFailure, the one reading of a failure for both doors', () => {
  const withState = (code: string) => Object.assign(new Error('from the driver'), { code });

  it("reads core's refusals with their status and wait", () => {
    const limited = new AppError(429, MSG.tooManyAttempts, undefined, { retryAfter: 30 });
    expect(classifyFailure(limited)).toEqual({ kind: 'refused', status: 429, retryAfter: 30 });
  });

  it('text the database cannot store is a 400', () => {
    expect(classifyFailure(withState('22021'))).toEqual({ kind: 'unstorable', status: 400 });
  });

  it('the database out of reach or busy is a 503 worth retrying', () => {
    expect(classifyFailure(withState('57P01'))).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(classifyFailure(withState('08006'))).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(classifyFailure(withState('57014'))).toMatchObject({ kind: 'busy', status: 503 });
    expect(classifyFailure(withState('57014'))).toHaveProperty('retryAfter');
  });

  it('anything else is a 500', () => {
    expect(classifyFailure(new TypeError('x is undefined'))).toEqual({ kind: 'unexpected', status: 500 });
    expect(classifyFailure(withState('23505'))).toEqual({ kind: 'unexpected', status: 500 });
  });
});

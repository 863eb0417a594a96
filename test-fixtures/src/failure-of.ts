import { expect } from 'chai';
import { AppError } from '@islamic-data/core';

/** What a promise rejects with; fails the test when it resolves or rejects with anything but an `ErrorType`. */
async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  ErrorType: abstract new (...args: never[]) => E,
) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'expected a failure').to.be.instanceOf(ErrorType);
  return error as E;
}

/** The AppError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export const failureOf = (promise: Promise<unknown>): Promise<AppError> => rejectionOf(promise, AppError);

/** The Error a promise rejects with (a reader's or a download's); fails the test when it resolves. */
export const errorOf = (promise: Promise<unknown>): Promise<Error> => rejectionOf(promise, Error);

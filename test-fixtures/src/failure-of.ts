import { expect } from 'chai';
import { AppError } from '@islamic-data/core';

/** The AppError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'expected a failure').to.be.instanceOf(AppError);
  return error as AppError;
}

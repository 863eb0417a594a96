import { AppError } from './errors.js';

/**
 * A VALIDATION_ERROR about named input parameters. The message begins with the names as the core
 * writes them ("timezone must be …"); `parameters` lets an adapter name them in its own terms
 * (where the parameter was sent, as what) without parsing the message.
 */
export class ParameterError extends AppError {
  readonly parameters: readonly string[];

  constructor(parameters: string | readonly string[], message: string) {
    super('VALIDATION_ERROR', message);
    this.name = 'ParameterError';
    this.parameters = typeof parameters === 'string' ? [parameters] : [...parameters];
  }

  /**
   * The message with the names quoted after `label` ("Option"): "Option 'timezone' must be …",
   * "Options 'date' and 'hijri' cannot both …". When the message does not begin with the
   * names (it names a part, "adjustments.fajr must …"), it is kept whole after "… 'adjustments' is invalid:".
   */
  namedAs(label: string, quote: (name: string) => string = (name) => `'${name}'`): string {
    const subject = this.parameters.join(' and ');
    const quoted = this.parameters.map(quote).join(' and ');
    const labelled = `${label}${this.parameters.length > 1 ? 's' : ''} ${quoted}`;
    return this.message.startsWith(`${subject} `)
      ? `${labelled}${this.message.slice(subject.length)}`
      : `${labelled} is invalid: ${this.message}`;
  }
}

export const parameterError = (parameters: string | readonly string[], message: string) =>
  new ParameterError(parameters, message);

/**
 * How a parameter's rule is worded ("timezone must be …" without the name): the core's errors and
 * an adapter's request schemas (`errorMessage`) both use these, so the two cannot drift apart.
 */
export const PARAMETER_RULES = {
  oneOf: (values: readonly (string | number)[]) => `must be one of ${values.join(', ')}`,
  isoDate: 'must be a real calendar date written YYYY-MM-DD',
  hijriDate: 'must be a Hijri date written YYYY-MM-DD',
  angle: (max: number) => `must be a number of degrees above 0 and at most ${max}`,
  minutes: (max: number) => `must be a whole number of minutes from 0 to ${max}`,
  wholeNumber: (from: number, to: number) => `must be a whole number from ${from} to ${to}`,
} as const;

/** `parameter must …` with one of the rules above: the error the core throws. */
export const ruleBroken = (parameter: string, rule: string) => parameterError(parameter, `${parameter} ${rule}.`);

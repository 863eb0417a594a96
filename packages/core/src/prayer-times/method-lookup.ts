import { PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import {
  CALCULATION_METHODS,
  DEFAULT_METHOD_ID,
  type CalculationMethodDefinition,
  type CalculationMethodDescription,
} from './calculation-methods.js';

const bySlug = new Map(CALCULATION_METHODS.map((method) => [method.id, method]));
const byAladhanId = new Map(CALCULATION_METHODS.map((method) => [String(method.aladhanId), method]));

/** A method by slug or Aladhan numeric id (number or digits); throws a validation error naming `method`. */
export function findCalculationMethod(method: unknown = DEFAULT_METHOD_ID): CalculationMethodDefinition {
  const key = typeof method === 'number' ? String(method) : method;
  const found = typeof key === 'string' ? (bySlug.get(key) ?? byAladhanId.get(key)) : undefined;
  if (!found) throw ruleBroken('method', METHOD_RULE);
  return found;
}

/** The rule `method` follows: a slug or an Aladhan id. */
export const METHOD_RULE =
  `${PARAMETER_RULES.oneOf([...bySlug.keys()])}, ` + `or an Aladhan method id (${[...byAladhanId.keys()].join(', ')})`;

/** Every method with its parameters, `custom` last. */
export function listMethods(): CalculationMethodDescription[] {
  return CALCULATION_METHODS.map(describeMethod);
}

function describeMethod(method: CalculationMethodDefinition): CalculationMethodDescription {
  const { id, name, aladhanId, fajrAngle, ishaAngle, ishaInterval, maghribAngle, offsets, rounding, notes } = method;
  return {
    id,
    name,
    aladhanId,
    fajrAngle,
    ishaAngle,
    ishaInterval,
    maghribAngle,
    offsets: { ...offsets },
    rounding,
    notes,
  };
}

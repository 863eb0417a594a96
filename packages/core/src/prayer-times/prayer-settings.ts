import { Coordinates, HighLatitudeRule } from 'adhan';
import { assertCoordinates } from '../shared/geo.js';
import { parameterError, PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { resolveTimeZone, timeZoneAt } from '../timezone/time-zone.js';
import { validateAdjustments } from './adjustments.js';
import { CUSTOM_METHOD_ID, type CalculationMethodDefinition } from './calculation-methods.js';
import { findCalculationMethod } from './method-lookup.js';
import type { PrayerOffsets } from './prayer-names.js';
import {
  HIGH_LATITUDE_RULES,
  MADHABS,
  POLAR_CIRCLE_RESOLUTIONS,
  SHAFAQ_KINDS,
  type HighLatitudeRuleName,
  type MadhabName,
  type PolarCircleResolutionName,
  type PrayerTimesOptions,
  type ShafaqKind,
} from './prayer-times-types.js';

/** Validated options with every default filled in. */
export interface PrayerSettings {
  lat: number;
  lng: number;
  timezone: string;
  method: CalculationMethodDefinition;
  madhab: MadhabName;
  highLatitudeRule: HighLatitudeRuleName;
  polarCircleResolution: PolarCircleResolutionName;
  shafaq: ShafaqKind | undefined;
  adjustments: Partial<PrayerOffsets>;
}

const MOONSIGHTING_METHOD_ID = 'moonsighting-committee';

/**
 * Bounds of `fajrAngle`/`ishaAngle` (degrees, above 0) and `ishaInterval` (whole minutes, from 0)
 * for method `custom`.
 */
export const CUSTOM_METHOD_LIMITS = { maxAngle: 30, maxIshaInterval: 300 } as const;
const { maxAngle: MAX_ANGLE, maxIshaInterval: MAX_ISHA_INTERVAL } = CUSTOM_METHOD_LIMITS;

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** Validates every option and fills in the defaults; the first bad parameter is named in the error. */
export function resolvePrayerSettings(options: PrayerTimesOptions): PrayerSettings {
  const { lat, lng } = options;
  assertCoordinates({ lat, lng });
  const method = withCustomAngles(findCalculationMethod(options.method ?? undefined), options);
  return {
    lat,
    lng,
    timezone: given(options.timezone) ? resolveTimeZone(options.timezone) : timeZoneAt(lat, lng),
    method,
    madhab: oneOf('madhab', MADHABS, options.madhab, 'shafi'),
    highLatitudeRule: oneOf(
      'highLatitudeRule',
      HIGH_LATITUDE_RULES,
      options.highLatitudeRule,
      recommendedRule(lat, lng),
    ),
    polarCircleResolution: oneOf(
      'polarCircleResolution',
      POLAR_CIRCLE_RESOLUTIONS,
      options.polarCircleResolution,
      'unresolved',
    ),
    shafaq: shafaqFor(method, options.shafaq),
    adjustments: given(options.adjustments) ? validateAdjustments(options.adjustments) : {},
  };
}

function oneOf<T extends string>(parameter: string, allowed: readonly T[], value: unknown, fallback: T): T {
  if (!given(value)) return fallback;
  if (!allowed.includes(value as T)) throw ruleBroken(parameter, PARAMETER_RULES.oneOf(allowed));
  return value as T;
}

function recommendedRule(lat: number, lng: number): HighLatitudeRuleName {
  const rule = HighLatitudeRule.recommended(new Coordinates(lat, lng));
  return rule === HighLatitudeRule.SeventhOfTheNight ? 'seventh-of-the-night' : 'middle-of-the-night';
}

function shafaqFor(method: CalculationMethodDefinition, shafaq: unknown): ShafaqKind | undefined {
  if (method.id !== MOONSIGHTING_METHOD_ID) {
    if (given(shafaq)) throw parameterError('shafaq', `shafaq is only accepted with method=${MOONSIGHTING_METHOD_ID}.`);
    return undefined;
  }
  return oneOf('shafaq', SHAFAQ_KINDS, shafaq, 'general');
}

function withCustomAngles(
  method: CalculationMethodDefinition,
  options: PrayerTimesOptions,
): CalculationMethodDefinition {
  const { fajrAngle, ishaAngle, ishaInterval } = options;
  if (method.id !== CUSTOM_METHOD_ID) {
    const stray = Object.entries({ fajrAngle, ishaAngle, ishaInterval }).find(([, value]) => given(value));
    if (stray) throw parameterError(stray[0], `${stray[0]} is only accepted with method=${CUSTOM_METHOD_ID}.`);
    return method;
  }
  if (given(fajrAngle)) assertAngle('fajrAngle', fajrAngle);
  if (given(ishaAngle)) assertAngle('ishaAngle', ishaAngle);
  if (
    given(ishaInterval) &&
    (!Number.isInteger(ishaInterval) || ishaInterval < 0 || ishaInterval > MAX_ISHA_INTERVAL)
  ) {
    throw ruleBroken('ishaInterval', PARAMETER_RULES.minutes(MAX_ISHA_INTERVAL));
  }
  const byInterval = given(ishaInterval) && ishaInterval > 0;
  if (byInterval && given(ishaAngle)) {
    throw parameterError(
      ['ishaAngle', 'ishaInterval'],
      'ishaAngle and ishaInterval cannot both be given: Isha is either an angle or minutes after Maghrib.',
    );
  }
  return {
    ...method,
    fajrAngle: fajrAngle ?? method.fajrAngle,
    ishaAngle: byInterval ? 0 : (ishaAngle ?? method.ishaAngle),
    ishaInterval: byInterval ? ishaInterval : 0,
  };
}

function assertAngle(parameter: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_ANGLE) {
    throw ruleBroken(parameter, PARAMETER_RULES.angle(MAX_ANGLE));
  }
}

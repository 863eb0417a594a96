import { CalculationParameters, HighLatitudeRule, Madhab, PolarCircleResolution, Rounding, Shafaq } from 'adhan';
import { NO_OFFSETS } from './prayer-names.js';
import type { PrayerSettings } from './prayer-settings.js';
import type { HighLatitudeRuleName, PolarCircleResolutionName, ShafaqKind } from './prayer-times-types.js';

const HIGH_LATITUDE_RULE = {
  'middle-of-the-night': HighLatitudeRule.MiddleOfTheNight,
  'seventh-of-the-night': HighLatitudeRule.SeventhOfTheNight,
  'twilight-angle': HighLatitudeRule.TwilightAngle,
} as const satisfies Record<HighLatitudeRuleName, unknown>;

const POLAR_CIRCLE_RESOLUTION = {
  'aqrab-balad': PolarCircleResolution.AqrabBalad,
  'aqrab-yaum': PolarCircleResolution.AqrabYaum,
  unresolved: PolarCircleResolution.Unresolved,
} as const satisfies Record<PolarCircleResolutionName, unknown>;

const SHAFAQ = { general: Shafaq.General, ahmer: Shafaq.Ahmer, abyad: Shafaq.Abyad } as const satisfies Record<
  ShafaqKind,
  unknown
>;

/** adhan's parameter object for the settings; `ishaInterval` overrides the method's (Umm al-Qura in Ramadan). */
export function toAdhanParameters(
  settings: PrayerSettings,
  ishaInterval = settings.method.ishaInterval,
): CalculationParameters {
  const { method } = settings;
  const parameters = new CalculationParameters(
    method.adhanMethod,
    method.fajrAngle,
    method.ishaAngle,
    ishaInterval,
    method.maghribAngle ?? 0,
  );
  parameters.methodAdjustments = { ...method.offsets };
  parameters.adjustments = { ...NO_OFFSETS, ...settings.adjustments };
  parameters.madhab = settings.madhab === 'hanafi' ? Madhab.Hanafi : Madhab.Shafi;
  parameters.highLatitudeRule = HIGH_LATITUDE_RULE[settings.highLatitudeRule];
  parameters.polarCircleResolution = POLAR_CIRCLE_RESOLUTION[settings.polarCircleResolution];
  parameters.rounding = method.rounding === 'up' ? Rounding.Up : Rounding.Nearest;
  if (settings.shafaq) parameters.shafaq = SHAFAQ[settings.shafaq];
  return parameters;
}

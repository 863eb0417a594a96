/**
 * IANA zones by ISO 3166-1 country, for the countries `method=auto` knows (COUNTRY_METHODS), copied
 * from tzdata 2025b `zone.tab` (one country per zone, links such as Asia/Kuwait included). A point
 * is placed in a country by the zone @photostructure/tz-lookup finds there: an offline map that
 * already ships with the core, where a country-border map would add megabytes. Zones shared across a
 * border (none of these) and points at sea (Etc/GMT±N) have no country.
 */
const ZONES_BY_COUNTRY: Record<string, readonly string[]> = {
  AE: ['Asia/Dubai'],
  AF: ['Asia/Kabul'],
  BD: ['Asia/Dhaka'],
  BH: ['Asia/Bahrain'],
  CA: ['America/St_Johns', 'America/Halifax', 'America/Glace_Bay', 'America/Moncton', 'America/Goose_Bay', 'America/Blanc-Sablon', 'America/Toronto', 'America/Iqaluit', 'America/Atikokan', 'America/Winnipeg', 'America/Resolute', 'America/Rankin_Inlet', 'America/Regina', 'America/Swift_Current', 'America/Edmonton', 'America/Cambridge_Bay', 'America/Inuvik', 'America/Creston', 'America/Dawson_Creek', 'America/Fort_Nelson', 'America/Whitehorse', 'America/Dawson', 'America/Vancouver'],
  DZ: ['Africa/Algiers'],
  EG: ['Africa/Cairo'],
  FR: ['Europe/Paris'],
  ID: ['Asia/Jakarta', 'Asia/Pontianak', 'Asia/Makassar', 'Asia/Jayapura'],
  IN: ['Asia/Kolkata'],
  IR: ['Asia/Tehran'],
  JO: ['Asia/Amman'],
  KW: ['Asia/Kuwait'],
  MA: ['Africa/Casablanca'],
  MY: ['Asia/Kuala_Lumpur', 'Asia/Kuching'],
  OM: ['Asia/Muscat'],
  PK: ['Asia/Karachi'],
  PT: ['Europe/Lisbon', 'Atlantic/Madeira', 'Atlantic/Azores'],
  QA: ['Asia/Qatar'],
  RU: ['Europe/Kaliningrad', 'Europe/Moscow', 'Europe/Kirov', 'Europe/Volgograd', 'Europe/Astrakhan', 'Europe/Saratov', 'Europe/Ulyanovsk', 'Europe/Samara', 'Asia/Yekaterinburg', 'Asia/Omsk', 'Asia/Novosibirsk', 'Asia/Barnaul', 'Asia/Tomsk', 'Asia/Novokuznetsk', 'Asia/Krasnoyarsk', 'Asia/Irkutsk', 'Asia/Chita', 'Asia/Yakutsk', 'Asia/Khandyga', 'Asia/Vladivostok', 'Asia/Ust-Nera', 'Asia/Magadan', 'Asia/Sakhalin', 'Asia/Srednekolymsk', 'Asia/Kamchatka', 'Asia/Anadyr'],
  SA: ['Asia/Riyadh'],
  SG: ['Asia/Singapore'],
  TN: ['Africa/Tunis'],
  TR: ['Europe/Istanbul'],
  US: ['America/New_York', 'America/Detroit', 'America/Kentucky/Louisville', 'America/Kentucky/Monticello', 'America/Indiana/Indianapolis', 'America/Indiana/Vincennes', 'America/Indiana/Winamac', 'America/Indiana/Marengo', 'America/Indiana/Petersburg', 'America/Indiana/Vevay', 'America/Chicago', 'America/Indiana/Tell_City', 'America/Indiana/Knox', 'America/Menominee', 'America/North_Dakota/Center', 'America/North_Dakota/New_Salem', 'America/North_Dakota/Beulah', 'America/Denver', 'America/Boise', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Metlakatla', 'America/Yakutat', 'America/Nome', 'America/Adak', 'Pacific/Honolulu'],
};

const COUNTRY_BY_ZONE = new Map(
  Object.entries(ZONES_BY_COUNTRY).flatMap(([country, zones]) => zones.map((zone) => [zone.toLowerCase(), country])),
);

/** The ISO country code of a zone listed above (any case), or null. */
export const countryOfZone = (zone: string): string | null => COUNTRY_BY_ZONE.get(zone.toLowerCase()) ?? null;

/** Every zone listed above, for tests. */
export const ZONES_WITH_COUNTRY: readonly string[] = Object.values(ZONES_BY_COUNTRY).flat();

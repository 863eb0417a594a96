// The border points behind the choice of @photostructure/tz-lookup for `timeZoneAt` (bench/TIMEZONE-CHOICE.md):
// core's time-zone tests pin them, and the timezone bench measures both libraries on them. Data only, outside the
// main entry point: `@islamic-data/core/border-towns`.

/**
 * Towns a few km apart across a border, with the zone in force there (by hand, from the tz
 * database's zone descriptions).
 */
export const BORDER_TOWNS: Array<[string, number, number, string]> = [
  ['El Paso, TX', 31.7619, -106.485, 'America/Denver'],
  ['Ciudad Juárez, MX', 31.6904, -106.4245, 'America/Ciudad_Juarez'],
  ['Detroit, MI', 42.3314, -83.0458, 'America/Detroit'],
  ['Windsor, ON', 42.3149, -83.0364, 'America/Toronto'],
  ['Strasbourg, FR', 48.5734, 7.7521, 'Europe/Paris'],
  ['Kehl, DE', 48.5724, 7.8156, 'Europe/Berlin'],
  ['Basel, CH', 47.5596, 7.5886, 'Europe/Zurich'],
  ['Saint-Louis, FR', 47.59, 7.56, 'Europe/Paris'],
  ['Weil am Rhein, DE', 47.5936, 7.6209, 'Europe/Berlin'],
  ['Tijuana, MX', 32.5149, -117.0382, 'America/Tijuana'],
  ['San Ysidro, CA', 32.5556, -117.047, 'America/Los_Angeles'],
  ['Gary, IN', 41.5934, -87.3464, 'America/Chicago'],
  ['South Bend, IN', 41.6764, -86.252, 'America/Indiana/Indianapolis'],
  ['Tell City, IN', 37.9514, -86.7678, 'America/Indiana/Tell_City'],
  ['Union City, IN', 40.2017, -84.8097, 'America/Indiana/Indianapolis'],
  ['Union City, OH', 40.1995, -84.8036, 'America/New_York'],
  ['Tornio, FI', 65.8481, 24.1466, 'Europe/Helsinki'],
  ['Haparanda, SE', 65.8355, 24.1368, 'Europe/Stockholm'],
  ['Narva, EE', 59.3772, 28.1903, 'Europe/Tallinn'],
  ['Ivangorod, RU', 59.3717, 28.2136, 'Europe/Moscow'],
  ['Lifford, IE', 54.8345, -7.4798, 'Europe/Dublin'],
  ['Strabane, UK', 54.827, -7.4633, 'Europe/London'],
  ['Leticia, CO', -4.2153, -69.9406, 'America/Bogota'],
  ['Tabatinga, BR', -4.2526, -69.9383, 'America/Manaus'],
  ['Madawaska, ME', 47.3559, -68.3328, 'America/New_York'],
  ['Edmundston, NB', 47.3737, -68.3251, 'America/Moncton'],
  ['Braniewo, PL', 54.3806, 19.8203, 'Europe/Warsaw'],
  ['Mamonovo, RU', 54.4646, 19.939, 'Europe/Kaliningrad'],
  ['Point Roberts, WA', 48.985, -123.07, 'America/Los_Angeles'],
  ['Blaine, WA', 48.9937, -122.7471, 'America/Los_Angeles'],
];

/**
 * The towns @photostructure/tz-lookup puts in a neighbouring zone (bench/TIMEZONE-CHOICE.md): `timeZoneAt`'s
 * known misses.
 */
export const TZ_LOOKUP_MISSES = [
  'Union City, IN',
  'Tornio, FI',
  'Lifford, IE',
  'Leticia, CO',
  'Tabatinga, BR',
  'Braniewo, PL',
  'Point Roberts, WA',
  'Blaine, WA',
];

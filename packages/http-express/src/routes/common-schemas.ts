import { Type } from '@sinclair/typebox';

export const latitude = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees, -90..90.' });
export const longitude = Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in degrees, -180..180.' });

export const latLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });

/** CONTRACT §19: a place by name instead of `lat`,`lng`. */
export const placeProperties = {
  lat: Type.Optional(latitude),
  lng: Type.Optional(longitude),
  city: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'A city by name instead of `lat` and `lng` (not with them), matched offline in GeoNames cities (CC BY 4.0): ' +
        'case-, accent- and diacritic-insensitively, by its name or any alternate name the data carries, in any ' +
        'script (`Baku`, `baku`, `Bakı`, `Баку`); of several matches the most populous. `data.location.city` (or ' +
        '`data.city`) then names the city found. No match: 400 naming `city`. `GET /cities?q=` lists names.',
    }),
  ),
  country: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2}$',
      errorMessage: 'must be an ISO 3166-1 alpha-2 country code such as AZ',
      description: 'Only with `city`: the ISO 3166-1 alpha-2 code of its country (`AZ`, any case).',
    }),
  ),
};

/** A city as answers name it (`data.location.city`, `/cities`). */
export const citySchema = Type.Object({
  name: Type.String({ description: "GeoNames' name of the city." }),
  country: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
  geonameId: Type.Integer({ description: 'Its id at geonames.org.' }),
  population: Type.Integer(),
  lat: Type.Number(),
  lng: Type.Number(),
  credit: Type.String({ description: "The city data's source and licence: GeoNames (geonames.org), CC BY 4.0." }),
});

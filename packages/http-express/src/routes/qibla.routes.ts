import { qibla } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../platform/route.js';
import { citySchema, latLng, placeProperties } from './common-schemas.js';
import { locate } from './prayer-times/place.js';

export const qiblaRoute = defineRoute({
  method: 'get',
  path: '/qibla',
  resource: 'qibla',
  reads: [],
  tag: 'Qibla',
  summary: 'Qibla bearing and distance from a point',
  description:
    'Great-circle initial bearing from the point to the Kaaba, ' +
    'in degrees clockwise from true north (0 ≤ bearing < 360), and the great-circle distance in km. ' +
    'At the Kaaba itself the bearing is 0.',
  query: Type.Object(placeProperties),
  response: Type.Object({
    bearing: Type.Number(),
    origin: latLng,
    kaaba: latLng,
    distanceKm: Type.Number(),
    city: Type.Optional(Type.Object(citySchema.properties, { description: 'Only when asked by `city`.' })),
  }),
  handle: async ({ query }, deps) => {
    const { options, city } = await locate(query, deps);
    const answer = qibla(options);
    return { data: city === null ? answer : { ...answer, city } };
  },
});

import { qibla } from '@islamic-data/core';
import type { RouteDefinition } from '../platform/route.js';
import { latitude, latLng, longitude } from './common-schemas.js';

export const qiblaRoute: RouteDefinition<{ lat: number; lng: number }> = {
  method: 'get',
  path: '/qibla',
  resource: 'qibla',
  tag: 'Qibla',
  summary: 'Qibla bearing and distance from a point',
  description:
    'Great-circle initial bearing from the point to the Kaaba, in degrees clockwise from true north (0 ≤ bearing < 360), and the great-circle distance in km. At the Kaaba itself the bearing is 0.',
  query: {
    type: 'object',
    properties: { lat: latitude, lng: longitude },
    required: ['lat', 'lng'],
  },
  response: {
    type: 'object',
    properties: { bearing: { type: 'number' }, origin: latLng, kaaba: latLng, distanceKm: { type: 'number' } },
    required: ['bearing', 'origin', 'kaaba', 'distanceKm'],
  },
  handle: async ({ query }) => ({ data: qibla(query) }),
};

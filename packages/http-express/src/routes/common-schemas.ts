import type { JsonSchema } from '../platform/route.js';

export const latitude: JsonSchema = { type: 'number', minimum: -90, maximum: 90, description: 'Latitude in degrees, -90..90.' };
export const longitude: JsonSchema = { type: 'number', minimum: -180, maximum: 180, description: 'Longitude in degrees, -180..180.' };

export const latLng: JsonSchema = {
  type: 'object',
  properties: { lat: { type: 'number' }, lng: { type: 'number' } },
  required: ['lat', 'lng'],
};

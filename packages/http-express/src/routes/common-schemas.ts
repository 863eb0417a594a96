import { Type } from '@sinclair/typebox';

export const latitude = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees, -90..90.' });
export const longitude = Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in degrees, -180..180.' });

export const latLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });

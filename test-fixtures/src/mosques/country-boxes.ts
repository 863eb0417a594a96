/**
 * Approximate bounding boxes (degrees) of twenty real countries, with three real city names each,
 * for synthetic mosques. Fiji's box crosses the antimeridian (maxLng > 180 wraps round).
 */
export interface CountryBox {
  country: string;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  cities: [string, string, string];
}

export const COUNTRY_BOXES: readonly CountryBox[] = [
  {
    country: 'GB',
    minLat: 49.9,
    maxLat: 58.7,
    minLng: -8.2,
    maxLng: 1.8,
    cities: ['London', 'Birmingham', 'Manchester'],
  },
  { country: 'FR', minLat: 42.3, maxLat: 51.1, minLng: -4.8, maxLng: 8.2, cities: ['Paris', 'Lyon', 'Marseille'] },
  { country: 'DE', minLat: 47.3, maxLat: 55.1, minLng: 5.9, maxLng: 15.0, cities: ['Berlin', 'Hamburg', 'Köln'] },
  { country: 'TR', minLat: 35.8, maxLat: 42.1, minLng: 26.0, maxLng: 44.8, cities: ['İstanbul', 'Ankara', 'İzmir'] },
  { country: 'EG', minLat: 22.0, maxLat: 31.7, minLng: 24.7, maxLng: 36.9, cities: ['Cairo', 'Alexandria', 'Aswan'] },
  { country: 'SA', minLat: 16.4, maxLat: 32.2, minLng: 34.5, maxLng: 55.7, cities: ['Riyadh', 'Jeddah', 'Dammam'] },
  { country: 'AE', minLat: 22.6, maxLat: 26.1, minLng: 51.6, maxLng: 56.4, cities: ['Dubai', 'Abu Dhabi', 'Sharjah'] },
  { country: 'QA', minLat: 24.5, maxLat: 26.2, minLng: 50.7, maxLng: 51.7, cities: ['Doha', 'Al Wakrah', 'Al Khor'] },
  { country: 'PK', minLat: 23.7, maxLat: 37.1, minLng: 60.9, maxLng: 77.8, cities: ['Karachi', 'Lahore', 'Islamabad'] },
  {
    country: 'ID',
    minLat: -11.0,
    maxLat: 6.0,
    minLng: 95.0,
    maxLng: 141.0,
    cities: ['Jakarta', 'Surabaya', 'Bandung'],
  },
  {
    country: 'MY',
    minLat: 0.9,
    maxLat: 7.4,
    minLng: 99.6,
    maxLng: 119.3,
    cities: ['Kuala Lumpur', 'George Town', 'Johor Bahru'],
  },
  { country: 'NG', minLat: 4.3, maxLat: 13.9, minLng: 2.7, maxLng: 14.7, cities: ['Lagos', 'Kano', 'Abuja'] },
  { country: 'MA', minLat: 27.7, maxLat: 35.9, minLng: -13.2, maxLng: -1.0, cities: ['Casablanca', 'Rabat', 'Fès'] },
  {
    country: 'US',
    minLat: 24.5,
    maxLat: 49.4,
    minLng: -124.8,
    maxLng: -66.9,
    cities: ['New York', 'Chicago', 'Houston'],
  },
  {
    country: 'CA',
    minLat: 41.7,
    maxLat: 60.0,
    minLng: -139.0,
    maxLng: -52.6,
    cities: ['Toronto', 'Montréal', 'Calgary'],
  },
  { country: 'AZ', minLat: 38.4, maxLat: 41.9, minLng: 44.8, maxLng: 50.4, cities: ['Baku', 'Ganja', 'Sumqayit'] },
  { country: 'BD', minLat: 20.7, maxLat: 26.6, minLng: 88.0, maxLng: 92.7, cities: ['Dhaka', 'Chittagong', 'Sylhet'] },
  { country: 'KZ', minLat: 40.6, maxLat: 55.4, minLng: 46.5, maxLng: 87.3, cities: ['Almaty', 'Astana', 'Shymkent'] },
  { country: 'NO', minLat: 58.0, maxLat: 71.2, minLng: 4.6, maxLng: 31.1, cities: ['Oslo', 'Bergen', 'Tromsø'] },
  { country: 'FJ', minLat: -19.2, maxLat: -16.0, minLng: 177.0, maxLng: 182.0, cities: ['Suva', 'Lautoka', 'Labasa'] },
];

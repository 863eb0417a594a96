import { getPublishedMosque, listMosques } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../platform/route.js';
import { mosque, mosqueListQuery, mosqueParams } from './mosque-schemas.js';

const TAG = 'Mosques';

export const listMosquesRoute = defineRoute({
  method: 'get',
  path: '/mosques',
  resource: 'mosques',
  reads: ['mosques'],
  tag: TAG,
  summary: 'List published mosques',
  description: [
    '`data` is an array of mosque records (no pagination: narrow with the filters and `limit`).',
    'Filters combine with AND.',
    'With `near`, records are nearest first (ties by slug) and each has `distanceKm`; ' +
      'otherwise they are in slug order, which follows the English name and then the city.',
    'Only published mosques are listed; a submission appears once an operator approves it.',
  ].join(' '),
  query: mosqueListQuery,
  response: Type.Array(mosque),
  handle: async ({ query }, deps) => ({ data: await listMosques(deps.stores, query) }),
});

export const getMosqueRoute = defineRoute({
  method: 'get',
  path: '/mosques/{slug}',
  resource: 'mosques',
  scopeFromParam: 'slug',
  reads: ['mosques'],
  tag: TAG,
  summary: 'One published mosque',
  description:
    'A slug that is unknown, or whose mosque is pending, rejected or unpublished: 404. ' +
    "Also readable with the mosque's own key (scope `mosque:{slug}`).",
  params: mosqueParams,
  response: mosque,
  handle: async ({ params }, deps) => ({ data: await getPublishedMosque(deps.stores, params.slug) }),
});

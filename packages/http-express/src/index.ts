export * from './config.js';
export * from './dependencies.js';
export * from './composition-root.js';
export * from './app.js';
export * from './server.js';
export * from './openapi.js';
export * from './platform/route.js';
export * from './platform/error-statuses.js';
export { apiRoutes } from './routes/index.js';

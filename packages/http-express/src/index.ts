export * from './dependencies.js';
export * from './app.js';
export * from './openapi.js';
export * from './platform/route.js';
export * from './platform/error-statuses.js';
export { apiRoutes } from './routes/index.js';
export * from './http-server.js';
export { CAPTURED_EXAMPLES, type CapturedExample } from './openapi/examples.js';
export type { FinishedRequest, RequestObserver } from './pipeline/observe-request.js';
export { answerBuilding, routeId, type AnswerBuilder, type BuiltAnswer } from './pipeline/build-answer.js';
export {
  precomputeAnswers,
  precomputeCatalog,
  precomputedPaths,
  type PrecomputeReport,
} from './pipeline/precompute-answers.js';

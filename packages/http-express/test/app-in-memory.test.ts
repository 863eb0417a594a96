import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { expect } from 'chai';
import request from 'supertest';
import { createApp, type AppDependencies, type HttpApp } from '../src/index.js';

/** The app needs core's ports only: here every one of them is core's in-memory adapter. */
describe('http: the app over core in-memory adapters', () => {
  let composition: TestComposition;
  let app: HttpApp;
  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory' });
    const deps: AppDependencies = composition.deps;
    app = createApp(deps);
  });
  // Also checks that no issued key reached a log line.
  after(async () => composition.close());

  it('answers /health with {status: "ok"} from the health probe', async () => {
    const response = await request(app).get('/health');
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ status: 'ok' });
  });

  it('serves a keyed route with a key issued into the in-memory key store', async () => {
    const { key } = await composition.issueKey({ scopes: ['qibla'] });
    const response = await request(app).get('/api/v1/qibla?lat=40.7128&lng=-74.0060').set('X-API-Key', key);
    expect(response.status).to.equal(200);
    expect(response.body.data.bearing).to.be.closeTo(58.48, 0.1);
    expect(response.headers['x-ratelimit-remaining']).to.equal('99');
  });
});

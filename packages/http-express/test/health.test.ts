import { expect } from 'chai';
import request from 'supertest';
import { startTestApp } from './test-app.js';

describe('http: /health over the SQLite health probe', () => {
  it('answers 200 while the database answers and 503 once it is closed', async () => {
    const t = await startTestApp();
    try {
      expect((await request(t.app).get('/health')).body).to.deep.equal({ status: 'ok' });
      await t.deps.database.close();
      const response = await request(t.app).get('/health');
      expect(response.status).to.equal(503);
      expect(response.body).to.deep.equal({ status: 'unavailable' });
      expect(response.headers['cache-control']).to.equal('no-store');
    } finally {
      await t.close();
    }
  });
});

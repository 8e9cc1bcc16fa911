import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ALL_QUEUES } from '@app/queues';
import { expectError, startGateway } from '../support/gateway';

describe('Bull Board at /admin/queues', () => {
  let app: INestApplication;
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  beforeAll(async () => {
    process.env.BULL_BOARD_USER = 'ops';
    process.env.BULL_BOARD_PASSWORD = 'correct horse';
    app = await startGateway();
  });
  afterAll(() => app.close());

  it('needs the admin credentials', async () => {
    const none = await request(app.getHttpServer()).get('/admin/queues');
    expectError(none, 401, /admin credentials/);
    expect(none.headers['www-authenticate']).toMatch(/^Basic/);
    expectError(
      await request(app.getHttpServer()).get('/admin/queues').set('Authorization', basic('ops', 'wrong')),
      401,
    );
    const key = await request(app.getHttpServer()).get('/admin/queues').set('Authorization', 'Bearer vk_whatever');
    expectError(key, 401);
  });

  it('shows every queue of the system', async () => {
    const page = await request(app.getHttpServer())
      .get('/admin/queues')
      .set('Authorization', basic('ops', 'correct horse'));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await request(app.getHttpServer())
      .get('/admin/queues/api/queues')
      .set('Authorization', basic('ops', 'correct horse'));
    expect(api.status).toBe(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([...ALL_QUEUES].sort());
  });
});

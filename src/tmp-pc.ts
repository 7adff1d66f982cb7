import { createTestApp } from '#testing/app.ts';
import { createTestClient } from '#testing/client.ts';
import { endpoints } from '#schema';
const t = await createTestApp();
const service = createTestClient(t);
await service.call(endpoints.propertyConfiguration.create, { body: { name: 'Broadcast metadata', referenceId: 'PC-B', configurationJson: JSON.stringify({ configuration: [] }) } });
for (let i = 0; i < 8; i++) {
  const list = await service.call(endpoints.propertyConfiguration.list, { query: {} });
  console.log(i, JSON.stringify(list).slice(0, 150));
  await service.call(endpoints.event.upsert, { body: { Title: 'x' + i } });
}
await t.close();

import type { Features } from './types';
import { servedApis } from './queries';

const features = (...routes: string[]): Features => ({
  object: 'features',
  plugins: [{ name: 'api-catalog', kind: 'operator' }],
  routes: routes.map((route) => {
    const [method, path] = route.split(' ');
    return { method: method as Features['routes'][number]['method'], path };
  }),
});

describe('servedApis', () => {
  it('reads what is served from the mounted routes, by method and exact path', () => {
    expect(servedApis(features('get /api/endpoints', 'get /api/connections', 'get /api/keys'))).toEqual({ endpoints: true, connections: true, keys: true });
    expect(servedApis(features('get /api/endpoints/:name', 'post /api/keys', 'get /api/2.0/endpoints'))).toEqual({ endpoints: false, connections: false, keys: false });
    expect(servedApis(features('get /api/connections'))).toEqual({ endpoints: false, connections: true, keys: false });
  });

  it('takes a gateway without GET /api/features to serve none of them', () => {
    expect(servedApis(undefined)).toEqual({ endpoints: false, connections: false, keys: false });
  });
});

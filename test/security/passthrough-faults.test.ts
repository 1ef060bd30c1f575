import { startGateway, type TestGateway } from '../support/start-gateway';
import { callRoute, errorCodeOf, gatewayConfig, ROUTES } from './gateway-routes';
import { HostileUpstream } from './hostile-upstream';

const FIRST_BYTE_MS = 300;

const EVERY_ROUTE = ROUTES.flatMap((route) => [[`${route.name}`, route, false], [`${route.name}, streamed`, route, true]] as const);

/**
 * A provider's faults read the same on every route: one that never answers is a 504
 * upstream_timeout after the endpoint's first-byte timeout (the relay once called it a
 * 502 upstream_unreachable), and one that drops the connection is a 502.
 */
describe('security: passthrough faults agree with the unified routes', () => {
  let upstream: HostileUpstream;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await HostileUpstream.start();
    gw = await startGateway(gatewayConfig(upstream.url, 'sk-faults-0123456789', `, timeouts: { first_byte_ms: ${FIRST_BYTE_MS} }`));
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  describe('an upstream that accepts the request and never answers -> 504 upstream_timeout', () => {
    beforeEach(() => {
      upstream.answer = () => undefined;
    });

    it.each(EVERY_ROUTE)('%s', async (_name, route, stream) => {
      const started = Date.now();
      const answer = await callRoute(gw.url, route, stream);
      expect(upstream.seen).toHaveLength(1);
      expect({ status: answer.status, code: errorCodeOf(answer) }).toEqual({ status: 504, code: 'upstream_timeout' });
      expect(answer.text).toContain('first byte timeout');
      expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_BYTE_MS - 20);
    });
  });

  describe('an upstream that drops the connection before answering -> 502 upstream_unreachable', () => {
    beforeEach(() => {
      upstream.answer = (_seen, res) => void res.socket?.destroy();
    });

    it.each(EVERY_ROUTE)('%s', async (_name, route, stream) => {
      const answer = await callRoute(gw.url, route, stream);
      expect({ status: answer.status, code: errorCodeOf(answer) }).toEqual({ status: 502, code: 'upstream_unreachable' });
    });
  });
});

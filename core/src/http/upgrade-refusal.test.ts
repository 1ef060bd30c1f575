import type { Request, Response } from 'express';
import { upgradeRefusal } from './upgrade-refusal';

/** The two things the refusal reads and writes: the request's headers, the response's headers. */
function exchange(headers: Record<string, string>): { req: Request; res: Response; set: Record<string, string> } {
  const set: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (set[name] = value) } as unknown as Response;
  return { req: { headers } as unknown as Request, res, set };
}

describe('upgradeRefusal', () => {
  it.each(['websocket', 'WebSocket', 'foo, websocket', 'websocket , h2c'])('refuses a WebSocket handshake (Upgrade: %s) with 426 and closes the connection', (upgrade) => {
    const { req, res, set } = exchange({ connection: 'Upgrade', upgrade });
    const error = upgradeRefusal(req, res);
    expect(error).toMatchObject({ code: 'upgrade_not_supported', status: 426, type: 'invalid_request' });
    expect(set).toEqual({ connection: 'close' });
  });

  // h2c is an offer the server may ignore; a token that only contains "websocket" is another protocol.
  it.each([[{}], [{ connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c' }], [{ connection: 'Upgrade', upgrade: 'websocket2' }]])('leaves %j alone', (headers) => {
    const { req, res, set } = exchange(headers);
    expect(upgradeRefusal(req, res)).toBeUndefined();
    expect(set).toEqual({});
  });
});

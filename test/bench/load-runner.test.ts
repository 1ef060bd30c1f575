/** The bench's reading of the gateway's own share, from its Server-Timing header. */
const { gatewayShareMs } = require('./load-runner');

describe('gatewayShareMs', () => {
  it('reads the gateway metric wherever it sits in the header', () => {
    expect(gatewayShareMs('gateway;dur=0.412, upstream;dur=12.000')).toBe(0.412);
    expect(gatewayShareMs('upstream;dur=3.000, gateway;dur=1.5')).toBe(1.5);
  });

  it('is null without a header or without the metric', () => {
    expect(gatewayShareMs(undefined)).toBeNull();
    expect(gatewayShareMs('upstream;dur=3.000')).toBeNull();
    expect(gatewayShareMs('mygateway;dur=3.000')).toBeNull();
  });
});

/** The bench's per-round figures for issue 29: the small requests' p99 rise while 5 MB bodies flow. */
const { summarizeArms, computeDeltas, riseOf } = require('./report');

const burst = (p50: number, p99: number, extra: Record<string, unknown> = {}) => ({ latency: { p50, p99 }, errors: 0, ...extra });

describe('riseOf', () => {
  it('is the p99 during the large bodies over the p99 alone, null without a positive base', () => {
    expect(riseOf(6, 0.5)).toBe(12);
    expect(riseOf(6, 0)).toBeNull();
    expect(riseOf(undefined, 0.5)).toBeNull();
  });
});

describe('issue 29 figures across rounds', () => {
  const round = (index: number, gatewayRise: number) => ({
    index,
    arms: {
      direct: { c1: burst(0.2, 0.5), paced: burst(60, 62, { ttft: { p50: 0.3, p99: 0.6 } }), large: burst(20, 25) },
      gateway: {
        c1: burst(0.5, 1),
        paced: burst(61, 64, { ttft: { p50: 0.8, p99: 1.6 } }),
        pacedTranslated: burst(61, 64, { ttft: { p50: 1.0, p99: 2.0 } }),
        large: burst(40, 50),
        largeMix: { small: burst(1, gatewayRise), large: burst(40, 50) },
        mixed: { rps: 900 + index, latency: { p50: 5, p99: 20 }, errors: 1 },
      },
    },
  });
  const rounds = [round(0, 8), round(1, 12), round(2, 10)];

  it('takes medians of the paced TTFT, the mixed req/s and the p99 rise per round', () => {
    const medians = summarizeArms(['direct', 'gateway'], rounds);
    expect(medians.gateway.paced_ttft_p50_ms).toBe(0.8);
    expect(medians.gateway.translated_ttft_p50_ms).toBe(1.0);
    expect(medians.gateway.mixed_rps).toBe(901);
    expect(medians.gateway.large_small_p99_rise).toBe(10);
    expect(medians.gateway.errors).toBe(3);
    expect(medians.direct.translated_ttft_p50_ms).toBeNull();
  });

  it('pairs the paced, translated and 5 MB figures with the direct arm round by round', () => {
    const deltas = computeDeltas(['direct', 'gateway'], rounds);
    expect(deltas['gateway - direct'].paced_ttft_p50_ms.median).toBeCloseTo(0.5, 10);
    expect(deltas['gateway - direct'].large_p50_ms.median).toBe(20);
    // The Anthropic route's TTFT less the direct arm's on the same paced stream (it has no Anthropic route).
    expect(deltas['gateway - direct'].translated_ttft_p50_ms.median).toBeCloseTo(0.7, 10);
    expect(deltas['gateway - direct'].translated_ttft_p99_ms.median).toBeCloseTo(1.4, 10);
  });
});

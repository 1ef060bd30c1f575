/** The bench's ratio lines: computed from one run's arm summaries, judged against the targets. */
const { computeRatios, renderRatios, streamMemoryRatio } = require('./bench-ratios');

type Medians = Record<string, Record<string, number | null>>;

/** Deltas shaped as report.computeDeltas makes them, from per-arm added figures. */
function deltasOf(added: Record<string, Record<string, number | null>>) {
  return Object.fromEntries(
    Object.entries(added).map(([arm, metrics]) => [
      `${arm} - direct`,
      Object.fromEntries(Object.entries(metrics).map(([metric, median]) => [metric, { median, perRound: [] }])),
    ]),
  );
}

const medians: Medians = {
  direct: { cN_rps: 20000, cN_cpu_us_per_req: 36 },
  pipe: { cN_rps: 10000, cN_cpu_us_per_req: 80 },
  gateway: { cN_rps: 6500, cN_cpu_us_per_req: 100 },
};
const added = {
  pipe: { c1_p50_ms: 0.2, c1_p99_ms: 0.6, ttft_p50_ms: 0.25, ttft_p99_ms: 0.8 },
  gateway: { c1_p50_ms: 0.22, c1_p99_ms: 1.2, ttft_p50_ms: 0.5, ttft_p99_ms: 1.6 },
};

interface Ratio {
  id: string;
  label: string;
  value: number | null;
  numerator: number | null;
  denominator: number | null;
  target: { op: string; value: number } | null;
  status: string;
}

const byId = (ratios: Ratio[]): Record<string, Ratio> => Object.fromEntries(ratios.map((r) => [r.id, r]));

describe('computeRatios', () => {
  const ratios = byId(computeRatios({ medians, deltas: deltasOf(added), armNames: ['direct', 'pipe', 'gateway'], concurrency: 64 }));

  it('divides the gateway\'s added latency by the bare hop\'s and judges it against the target', () => {
    expect(ratios.added_c1_p50.value).toBeCloseTo(1.1, 10);
    expect(ratios.added_c1_p50.status).toBe('ok');
    expect(ratios.added_c1_p99.value).toBeCloseTo(2.0, 10);
    expect(ratios.added_c1_p99.status).toBe('miss');
    expect(ratios.added_c1_p99).toMatchObject({ numerator: 1.2, denominator: 0.6, target: { op: '<=', value: 1.5 } });
  });

  it('judges req/s as at least, CPU per request as at most, and only reports time to first token', () => {
    expect(ratios.rps_cN.value).toBeCloseTo(0.65, 10);
    expect(ratios.rps_cN.status).toBe('miss');
    expect(ratios.rps_cN.label).toBe('req/s c64');
    // Issue 29's targets: ≥ 1.0× the hop's req/s, ≤ 1.2× its CPU per request.
    expect(ratios.rps_cN.target).toEqual({ op: '>=', value: 1.0 });
    expect(ratios.cpu_cN.value).toBeCloseTo(1.25, 10);
    expect(ratios.cpu_cN.status).toBe('miss');
    expect(ratios.cpu_cN.target).toEqual({ op: '<=', value: 1.2 });
    expect(ratios.added_ttft_p50).toMatchObject({ status: 'reported', target: null });
    expect(ratios.added_ttft_p50.value).toBeCloseTo(2, 10);
  });

  it('leaves the Portkey lines out when Portkey did not run', () => {
    expect(Object.keys(ratios).some((id) => id.startsWith('portkey'))).toBe(false);
  });

  it('compares with Portkey\'s added latency when it ran, and says n/a for a stream it could not make', () => {
    const withPortkey = byId(
      computeRatios({
        medians: { ...medians, portkey: { cN_rps: 3000, cN_cpu_us_per_req: 300 } },
        deltas: deltasOf({ ...added, portkey: { c1_p50_ms: 1.5, c1_p99_ms: 4, ttft_p50_ms: null, ttft_p99_ms: null } }),
        armNames: ['direct', 'pipe', 'gateway', 'portkey'],
        concurrency: 64,
      }),
    );
    expect(withPortkey.portkey_added_c1_p50.value).toBeCloseTo(0.22 / 1.5, 10);
    expect(withPortkey.portkey_added_c1_p50.status).toBe('ok');
    expect(withPortkey.portkey_added_c1_p99.value).toBeCloseTo(0.3, 10);
    expect(withPortkey.portkey_added_c1_p99.status).toBe('miss');
    // The bare hop's own ratio to Portkey: the floor a Node proxy starts from, reported only.
    expect(withPortkey.portkey_pipe_added_c1_p50).toMatchObject({ status: 'reported', target: null, numerator: 0.2, denominator: 1.5 });
    expect(withPortkey.portkey_pipe_added_c1_p99.value).toBeCloseTo(0.15, 10);
  });

  it('gives no ratio, status n/a, when the bare hop added nothing or a figure is missing', () => {
    const noisy = byId(
      computeRatios({
        medians: { ...medians, gateway: { cN_rps: 6500, cN_cpu_us_per_req: null } },
        deltas: deltasOf({ pipe: { ...added.pipe, c1_p99_ms: -0.01 }, gateway: added.gateway }),
        armNames: ['direct', 'pipe', 'gateway'],
        concurrency: 64,
      }),
    );
    expect(noisy.added_c1_p99).toMatchObject({ value: null, status: 'n/a', denominator: -0.01 });
    expect(noisy.cpu_cN).toMatchObject({ value: null, status: 'n/a' });
    expect(noisy.added_c1_p50.status).toBe('ok');
  });

  it('needs the direct arm for added latency and both arms for any ratio', () => {
    const noDirect = computeRatios({ medians, deltas: {}, armNames: ['pipe', 'gateway'], concurrency: 8 });
    expect(noDirect.map((r: Ratio) => r.id)).toEqual(['rps_cN', 'cpu_cN']);
    expect(noDirect[0].label).toBe('req/s c8');
    expect(computeRatios({ medians, deltas: deltasOf(added), armNames: ['direct', 'gateway'], concurrency: 64 })).toEqual([]);
  });
});

describe('renderRatios', () => {
  it('writes one aligned line per ratio with the value, the target and the verdict', () => {
    const lines = renderRatios(computeRatios({ medians, deltas: deltasOf(added), armNames: ['direct', 'pipe', 'gateway'], concurrency: 64 })).split('\n');
    // Six lines with figures, then issue 29's paced-stream lines this run has no figures for (n/a);
    // the 5 MB lines, a burst behind a flag, are left out.
    expect(lines).toHaveLength(10);
    expect(lines.some((line: string) => line.includes('5 MB'))).toBe(false);
    expect(lines[6]).toMatch(/^added ttft p50, paced stream +gateway\/pipe +- +target ≤ 1\.2× +n\/a$/);
    expect(lines[0]).toMatch(/^added latency c1 p50 +gateway\/pipe +1\.10× +target ≤ 1\.2× +ok$/);
    expect(lines[1]).toMatch(/^added latency c1 p99 +gateway\/pipe +2\.00× +target ≤ 1\.5× +miss$/);
    expect(lines[2]).toMatch(/^added ttft p50 +gateway\/pipe +2\.00× +no target +reported$/);
    expect(lines[4]).toMatch(/^req\/s c64 +gateway\/pipe +0\.65× +target ≥ 1× +miss$/);
    // Columns line up: every verdict starts at the same place.
    const verdictAt = lines.map((line: string) => line.search(/(ok|miss|reported|n\/a)$/));
    expect(new Set(verdictAt).size).toBe(1);
  });
});

describe('issue 29 ratios', () => {
  const issueMedians: Medians = {
    ...medians,
    governed: { mixed_rps: 880 },
    ungoverned: { mixed_rps: 1000 },
    'governed-redis': { mixed_rps: 600 },
    'ungoverned-redis': { mixed_rps: 1000 },
    gateway: { ...medians.gateway, large_small_p99_rise: 12 },
    pipe: { ...medians.pipe, large_small_p99_rise: 8 },
  };
  const issueAdded = {
    pipe: { ...added.pipe, paced_ttft_p50_ms: 0.4, paced_ttft_p99_ms: 1.0, large_p50_ms: 10 },
    gateway: { ...added.gateway, paced_ttft_p50_ms: 0.44, paced_ttft_p99_ms: 1.6, translated_ttft_p50_ms: 0.64, translated_ttft_p99_ms: 2.5, large_p50_ms: 9 },
    governed: { c1_p50_ms: 0.33 },
    ungoverned: { c1_p50_ms: 0.3 },
    'governed-redis': { c1_p50_ms: 0.6 },
    'ungoverned-redis': { c1_p50_ms: 0.4 },
  };
  const all = ['direct', 'pipe', 'gateway', 'governed', 'ungoverned', 'governed-redis', 'ungoverned-redis'];
  const ratios = byId(computeRatios({ medians: issueMedians, deltas: deltasOf(issueAdded), armNames: all, concurrency: 64 }));

  it('judges the paced stream\'s added time to first token against 1.2× at p50 and 1.5× at p99', () => {
    expect(ratios.paced_ttft_p50).toMatchObject({ numerator: 0.44, denominator: 0.4, status: 'ok' });
    expect(ratios.paced_ttft_p50.value).toBeCloseTo(1.1, 10);
    expect(ratios.paced_ttft_p99.value).toBeCloseTo(1.6, 10);
    expect(ratios.paced_ttft_p99.status).toBe('miss');
  });

  it('divides the translated route\'s added TTFT by the hop\'s same-format one on the same stream', () => {
    expect(ratios.translated_ttft_p50).toMatchObject({ numerator: 0.64, denominator: 0.4, target: { op: '<=', value: 1.5 }, status: 'miss' });
    expect(ratios.translated_ttft_p50.value).toBeCloseTo(1.6, 10);
    expect(ratios.translated_ttft_p99).toMatchObject({ numerator: 2.5, denominator: 1.0, status: 'reported' });
  });

  it('compares governed with ungoverned req/s on each store, each with its own target', () => {
    expect(ratios.governed_rps_mixed.value).toBeCloseTo(0.88, 10);
    expect(ratios.governed_rps_mixed).toMatchObject({ target: { op: '>=', value: 0.9 }, status: 'miss' });
    expect(ratios.governed_redis_rps_mixed.value).toBeCloseTo(0.6, 10);
    expect(ratios.governed_redis_rps_mixed).toMatchObject({ target: { op: '>=', value: 0.85 }, status: 'miss' });
  });

  it('judges governed c=1 added latency against the bare hop and against ungoverned', () => {
    expect(ratios.governed_pipe_added_c1_p50.value).toBeCloseTo(1.65, 10);
    expect(ratios.governed_pipe_added_c1_p50.status).toBe('miss');
    expect(ratios.governed_added_c1_p50.value).toBeCloseTo(1.1, 10);
    expect(ratios.governed_added_c1_p50.status).toBe('ok');
    expect(ratios.governed_redis_added_c1_p50).toMatchObject({ status: 'reported', numerator: 0.6, denominator: 0.4 });
  });

  it('reports the 5 MB guard figures without a target, the rise with both sides', () => {
    expect(ratios.large_added_p50.value).toBeCloseTo(0.9, 10);
    expect(ratios.large_added_p50.status).toBe('reported');
    expect(ratios.large_small_p99_rise).toMatchObject({ numerator: 12, denominator: 8, status: 'reported', showSides: true });
    const line = renderRatios([ratios.large_small_p99_rise]);
    expect(line).toMatch(/^small p99 rise while 5 MB bodies flow +gateway\/pipe +1\.50× \(12\.00 vs 8\.00\) +no target +reported$/);
  });

  it('leaves the governed lines out when those arms did not run', () => {
    const without = byId(computeRatios({ medians: issueMedians, deltas: deltasOf(issueAdded), armNames: ['direct', 'pipe', 'gateway'], concurrency: 64 }));
    expect(Object.keys(without).some((id) => id.startsWith('governed'))).toBe(false);
  });
});

describe('streamMemoryRatio', () => {
  it('divides the gateway\'s growth per stream by the hop\'s, target at most 1.2×', () => {
    const miss = streamMemoryRatio({ gatewayKib: 89, pipeKib: 43 });
    expect(miss.value).toBeCloseTo(89 / 43, 10);
    expect(miss).toMatchObject({ status: 'miss', target: { op: '<=', value: 1.2 }, numerator: 89, denominator: 43 });
    expect(streamMemoryRatio({ gatewayKib: 50, pipeKib: 43 }).status).toBe('ok');
    expect(renderRatios([miss])).toMatch(/^RSS growth per concurrent stream +gateway\/pipe +2\.07× \(89\.00 vs 43\.00\) +target ≤ 1\.2× +miss$/);
  });

  it('is n/a when the hop grew by nothing or a figure is missing', () => {
    expect(streamMemoryRatio({ gatewayKib: 50, pipeKib: 0 })).toMatchObject({ value: null, status: 'n/a' });
    expect(streamMemoryRatio({ gatewayKib: null, pipeKib: 40 })).toMatchObject({ value: null, status: 'n/a', numerator: null });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatewayMetrics, METRIC_NAMES } from './gateway-metrics';

/**
 * docs/grafana-dashboard.json is built on the names this plugin exports: it must parse, take its
 * Prometheus data source from a variable, and every metric its PromQL names must be one the
 * gateway serves (read from the plugin's own definitions, so renaming a metric fails here).
 */
const dashboard = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'docs', 'grafana-dashboard.json'), 'utf8')) as {
  templating: { list: Array<{ name: string; type: string; query?: unknown; datasource?: unknown }> };
  panels: Array<{ title: string; datasource: { type: string; uid: string }; targets: Array<{ expr: string; datasource: { uid: string } }> }>;
};

/** The series names a scrape can hold: each metric, and a histogram's _bucket, _sum and _count. */
function exportedSeriesNames(): Set<string> {
  const names = new Set<string>();
  for (const metric of new GatewayMetrics().registry.getMetricsAsArray()) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

/** PromQL words that are not metric names. */
const PROMQL_WORDS = new Set([
  'sum', 'min', 'max', 'avg', 'count', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset',
  'rate', 'irate', 'increase', 'delta', 'histogram_quantile', 'topk', 'bottomk', 'label_values', 'clamp_min', 'clamp_max', 'abs', 'vector', 'time',
]);

/** The metric names in a PromQL expression: identifiers outside strings, label matchers, grouping lists and ranges that are not function calls. */
export function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const match of stripped.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)(\s*\()?/g)) {
    if (match[2] || PROMQL_WORDS.has(match[1])) continue;
    names.push(match[1]);
  }
  return names;
}

describe('docs/grafana-dashboard.json', () => {
  const exported = exportedSeriesNames();

  it('finds metric names in PromQL the way the dashboard check needs', () => {
    expect(metricNamesIn('histogram_quantile(0.95, sum by (le, endpoint) (rate(made_up_seconds_bucket{endpoint=~"$endpoint"}[$__rate_interval])))')).toEqual(['made_up_seconds_bucket']);
    expect(metricNamesIn('sum(rate(a_total[5m])) / sum(rate(b_total{status=~"5.."}[5m])) * 3600')).toEqual(['a_total', 'b_total']);
  });

  it('takes its Prometheus data source from a variable, in every panel and query', () => {
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    for (const panel of dashboard.panels) {
      expect([panel.title, panel.datasource]).toEqual([panel.title, { type: 'prometheus', uid: '${datasource}' }]);
      for (const target of panel.targets) expect(target.datasource.uid).toBe('${datasource}');
    }
  });

  it('names only metrics the gateway exports, and shows every one of them', () => {
    const used = new Set<string>();
    const unknown: string[] = [];
    for (const expr of dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))) {
      for (const name of metricNamesIn(expr)) {
        if (exported.has(name)) used.add(name.replace(/_(bucket|sum|count)$/, ''));
        else unknown.push(name);
      }
    }
    // A variable's label_values(metric, label) names its metric as a call's argument: read it from there.
    for (const v of dashboard.templating.list) {
      const query = (v.query as { query?: string } | undefined)?.query;
      if (query === undefined) continue;
      const metric = query.match(/^label_values\(([A-Za-z_:][A-Za-z0-9_:]*),/)?.[1];
      if (metric && !exported.has(metric)) unknown.push(metric);
      if (!metric) unknown.push(query);
    }
    expect(unknown).toEqual([]);
    expect([...used].sort()).toEqual(Object.values(METRIC_NAMES).sort());
  });
});

import { useMemo, type ReactNode } from 'react';
import { useUsage } from '../api/queries';
import { formatCount, formatLatencies, formatMs, formatRate, formatUsd } from '../lib/format';
import { JUDGE_CALLER } from '../lib/callers';
import { EMPTY_COUNTERS, fillSeries, rangeOf, usageQuery, type RangeId } from '../lib/usage-range';
import { CallerBreakdown, useCallerUsage } from './caller-breakdown';
import { TimeChart } from './time-chart';
import { usageValue, UsageUnavailable } from './usage-value';

const COLORS = { requests: '#3b5bdb', errors: '#e03131', p50: '#2f9e44', p90: '#f08c00', p99: '#c2255c', input: '#1c7ed6', output: '#7048e8', cost: '#0c8599' };
const ms = (v: number) => formatMs(v);
const count = (v: number) => formatCount(Math.round(v));

/**
 * Stat cards and charts of one endpoint's traffic (or all endpoints', combined), over a
 * range that ends now: requests and errors, latency percentiles, tokens and cost, and
 * the cost per caller (judges apart from the application). `caller` keeps one caller's calls,
 * `gatewayKey` (a key's id) one gateway key's. Until the usage API answers, every number is a
 * loading mark, and a failed read shows dashes under one notice: never a zero nobody counted.
 * `headingLevel`: the caller breakdown's heading, one below the section's.
 */
export default function UsageOverview({ endpoint, range, caller, gatewayKey, headingLevel = 3 }: { endpoint?: string; range: RangeId; caller?: string; gatewayKey?: string; headingLevel?: 2 | 3 }) {
  const scope = { ...(endpoint ? { endpoint } : { combined: true }), caller, key: gatewayKey };
  const totals = useUsage(['totals', endpoint ?? '*', range, caller ?? '', gatewayKey ?? ''], () => usageQuery(range, { ...scope, whole: true }));
  const buckets = useUsage(['series', endpoint ?? '*', range, caller ?? '', gatewayKey ?? ''], () => usageQuery(range, scope));
  const callers = useCallerUsage(endpoint, range, gatewayKey);
  const judge = callers.data?.data.find((row) => row.caller === JUDGE_CALLER);
  const total = totals.data?.data[0] ?? EMPTY_COUNTERS;
  const series = useMemo(() => fillSeries(buckets.data?.data ?? [], range), [buckets.data, range]);
  const rangeLabel = rangeOf(range).label;
  const label = rangeLabel.toLowerCase();
  // With no bucket pointed at, each legend shows the range's own figure (its total, or its percentile).
  const charts = useMemo(
    () => ({
      traffic: [
        { label: 'Requests', values: series.requests, color: COLORS.requests, bars: true, idle: formatCount(total.requests) },
        { label: 'Errors', values: series.errors, color: COLORS.errors, bars: true, idle: formatCount(total.errors) },
      ],
      latency: [
        { label: 'p50', values: series.p50, color: COLORS.p50, points: true, idle: formatMs(total.latency_ms.p50) },
        { label: 'p90', values: series.p90, color: COLORS.p90, points: true, idle: formatMs(total.latency_ms.p90) },
        { label: 'p99', values: series.p99, color: COLORS.p99, points: true, idle: formatMs(total.latency_ms.p99) },
      ],
      tokens: [
        { label: 'Input', values: series.promptTokens, color: COLORS.input, idle: formatCount(total.prompt_tokens) },
        { label: 'Output', values: series.completionTokens, color: COLORS.output, idle: formatCount(total.completion_tokens) },
      ],
      cost: [{ label: 'Cost', values: series.cost, color: COLORS.cost, idle: formatUsd(total.cost_usd) }],
    }),
    [series, total],
  );
  const error = totals.error ?? buckets.error;
  // The stat cards wait for the totals; the charts for both reads (their legends show the totals).
  const chartStatus = error ? 'unavailable' : totals.isPending || buckets.isPending ? 'loading' : undefined;
  const shown = (render: () => ReactNode) => usageValue(totals, render);
  return (
    <div className="usage-overview">
      {error && <UsageUnavailable error={error} />}
      <dl className="stat-cards">
        <Stat label="Requests" value={shown(() => formatCount(total.requests))} />
        <Stat label="Errors" value={shown(() => formatCount(total.errors))} detail={totals.data ? `${formatRate(total.errors, total.requests)} of requests` : undefined} tone={total.errors > 0 ? 'danger' : undefined} />
        <Stat label="Latency p50 / p90 / p99" value={shown(() => formatLatencies([total.latency_ms.p50, total.latency_ms.p90, total.latency_ms.p99]))} small />
        <Stat label="Tokens in / out" value={shown(() => `${formatCount(total.prompt_tokens)} / ${formatCount(total.completion_tokens)}`)} small />
        <Stat label="Cost" value={shown(() => formatUsd(total.cost_usd))} detail={totals.data ? costDetail(total.unpriced_requests, caller ? undefined : judge?.cost_usd) : undefined} />
      </dl>
      <CallerBreakdown endpoint={endpoint} range={range} selected={caller} gatewayKey={gatewayKey} headingLevel={headingLevel} quietErrors={Boolean(error)} />
      {totals.data && total.requests === 0 && <p className="muted empty-range">No traffic in the {label}.</p>}
      <div className="chart-grid">
        <TimeChart counts title="Requests and errors" status={chartStatus} idleTime={rangeLabel} times={series.times} series={charts.traffic} format={count} summary={`${total.requests} requests, ${total.errors} errors in the ${label}`} />
        <TimeChart title="Latency" status={chartStatus} idleTime={rangeLabel} times={series.times} series={charts.latency} format={ms} summary={`p50 ${formatMs(total.latency_ms.p50)}, p90 ${formatMs(total.latency_ms.p90)}, p99 ${formatMs(total.latency_ms.p99)} over the ${label}`} />
        <TimeChart counts title="Tokens" status={chartStatus} idleTime={rangeLabel} times={series.times} series={charts.tokens} format={count} summary={`${total.prompt_tokens} input and ${total.completion_tokens} output tokens in the ${label}`} />
        <TimeChart title="Cost (USD)" status={chartStatus} idleTime={rangeLabel} times={series.times} series={charts.cost} format={formatUsd} summary={`${formatUsd(total.cost_usd)} in the ${label}`} />
      </div>
    </div>
  );
}

/** Under the cost: what judges spent of it, and how many calls could not be priced. */
function costDetail(unpriced: number, judgeCost: number | undefined): string | undefined {
  const parts = [judgeCost !== undefined ? `judges ${formatUsd(judgeCost)}` : '', unpriced > 0 ? `${formatCount(unpriced)} unpriced requests` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

function Stat({ label, value, detail, tone, small }: { label: string; value: ReactNode; detail?: string; tone?: 'danger'; small?: boolean }) {
  return (
    <div className={`stat-card${tone ? ` stat-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd className={small ? 'stat-value stat-value-small' : 'stat-value'}>{value}</dd>
      {detail && <dd className="stat-detail">{detail}</dd>}
    </div>
  );
}

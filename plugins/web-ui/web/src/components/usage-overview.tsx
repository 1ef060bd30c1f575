import { useMemo } from 'react';
import { useUsage } from '../api/queries';
import { formatCount, formatLatencies, formatMs, formatRate, formatUsd } from '../lib/format';
import { JUDGE_CALLER } from '../lib/callers';
import { EMPTY_COUNTERS, fillSeries, rangeOf, usageQuery, type RangeId } from '../lib/usage-range';
import { CallerBreakdown, useCallerUsage } from './caller-breakdown';
import { ErrorNotice } from './error-notice';
import { TimeChart } from './time-chart';

const COLORS = { requests: '#3b5bdb', errors: '#e03131', p50: '#2f9e44', p90: '#f08c00', p99: '#c2255c', input: '#1c7ed6', output: '#7048e8', cost: '#0c8599' };
const ms = (v: number) => formatMs(v);
const count = (v: number) => formatCount(Math.round(v));

/**
 * Stat cards and charts of one endpoint's traffic (or all endpoints', combined), over a
 * range that ends now: requests and errors, latency percentiles, tokens and cost, and
 * the cost per caller (judges apart from the application). `caller` keeps one caller's calls,
 * `gatewayKey` (a key's id) one gateway key's.
 */
export default function UsageOverview({ endpoint, range, caller, gatewayKey }: { endpoint?: string; range: RangeId; caller?: string; gatewayKey?: string }) {
  const scope = { ...(endpoint ? { endpoint } : { combined: true }), caller, key: gatewayKey };
  const totals = useUsage(['totals', endpoint ?? '*', range, caller ?? '', gatewayKey ?? ''], () => usageQuery(range, { ...scope, whole: true }));
  const buckets = useUsage(['series', endpoint ?? '*', range, caller ?? '', gatewayKey ?? ''], () => usageQuery(range, scope));
  const callers = useCallerUsage(endpoint, range, gatewayKey);
  const judge = callers.data?.data.find((row) => row.caller === JUDGE_CALLER);
  const total = totals.data?.data[0] ?? EMPTY_COUNTERS;
  const series = useMemo(() => fillSeries(buckets.data?.data ?? [], range), [buckets.data, range]);
  const label = rangeOf(range).label.toLowerCase();
  const charts = useMemo(
    () => ({
      traffic: [
        { label: 'Requests', values: series.requests, color: COLORS.requests, bars: true },
        { label: 'Errors', values: series.errors, color: COLORS.errors, bars: true },
      ],
      latency: [
        { label: 'p50', values: series.p50, color: COLORS.p50, points: true },
        { label: 'p90', values: series.p90, color: COLORS.p90, points: true },
        { label: 'p99', values: series.p99, color: COLORS.p99, points: true },
      ],
      tokens: [
        { label: 'Input', values: series.promptTokens, color: COLORS.input },
        { label: 'Output', values: series.completionTokens, color: COLORS.output },
      ],
      cost: [{ label: 'Cost', values: series.cost, color: COLORS.cost }],
    }),
    [series],
  );
  const error = totals.error ?? buckets.error;
  return (
    <div className="usage-overview">
      {error && <ErrorNotice error={error} what="usage" />}
      <dl className="stat-cards">
        <Stat label="Requests" value={formatCount(total.requests)} />
        <Stat label="Errors" value={formatCount(total.errors)} detail={`${formatRate(total.errors, total.requests)} of requests`} tone={total.errors > 0 ? 'danger' : undefined} />
        <Stat label="Latency p50 / p90 / p99" value={formatLatencies([total.latency_ms.p50, total.latency_ms.p90, total.latency_ms.p99])} small />
        <Stat label="Tokens in / out" value={`${formatCount(total.prompt_tokens)} / ${formatCount(total.completion_tokens)}`} small />
        <Stat label="Cost" value={formatUsd(total.cost_usd)} detail={costDetail(total.unpriced_requests, caller ? undefined : judge?.cost_usd)} />
      </dl>
      <CallerBreakdown endpoint={endpoint} range={range} selected={caller} gatewayKey={gatewayKey} />
      {totals.data && total.requests === 0 && <p className="muted empty-range">No traffic in the {label}.</p>}
      <div className="chart-grid">
        <TimeChart counts title="Requests and errors" times={series.times} series={charts.traffic} format={count} summary={`${total.requests} requests, ${total.errors} errors in the ${label}`} />
        <TimeChart title="Latency" times={series.times} series={charts.latency} format={ms} summary={`p50 ${formatMs(total.latency_ms.p50)}, p90 ${formatMs(total.latency_ms.p90)}, p99 ${formatMs(total.latency_ms.p99)} over the ${label}`} />
        <TimeChart counts title="Tokens" times={series.times} series={charts.tokens} format={count} summary={`${total.prompt_tokens} input and ${total.completion_tokens} output tokens in the ${label}`} />
        <TimeChart title="Cost (USD)" times={series.times} series={charts.cost} format={formatUsd} summary={`${formatUsd(total.cost_usd)} in the ${label}`} />
      </div>
    </div>
  );
}

/** Under the cost: what judges spent of it, and how many calls could not be priced. */
function costDetail(unpriced: number, judgeCost: number | undefined): string | undefined {
  const parts = [judgeCost !== undefined ? `judges ${formatUsd(judgeCost)}` : '', unpriced > 0 ? `${formatCount(unpriced)} unpriced requests` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

function Stat({ label, value, detail, tone, small }: { label: string; value: string; detail?: string; tone?: 'danger'; small?: boolean }) {
  return (
    <div className={`stat-card${tone ? ` stat-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd className={small ? 'stat-value stat-value-small' : 'stat-value'}>{value}</dd>
      {detail && <dd className="stat-detail">{detail}</dd>}
    </div>
  );
}

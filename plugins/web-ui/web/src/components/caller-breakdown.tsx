import { useId } from 'react';
import { useUsage } from '../api/queries';
import { callerDescription, callerShares, type CallerShare } from '../lib/callers';
import { formatRate, formatUsd, formatUsdExact } from '../lib/format';
import { rangeOf, usageQuery, type RangeId } from '../lib/usage-range';
import { RequestCountCells, TokenCountCells } from './usage-count-cells';
import { LoadingValue, UsageUnavailable } from './usage-value';

/** One `group_by=caller` read of the range: every caller's totals (shared by the breakdown and the dashboard's Caller filter); `gatewayKey` keeps one key's calls. */
export function useCallerUsage(endpoint: string | undefined, range: RangeId, gatewayKey?: string) {
  const scope = endpoint ? { endpoint } : { combined: true };
  return useUsage(['by-caller', endpoint ?? '*', range, gatewayKey ?? ''], () => usageQuery(range, { ...scope, key: gatewayKey, whole: true, byCaller: true }));
}

/**
 * Requests, tokens and cost per caller (`app`, `judge`, any `x-gateway-caller` label),
 * so evaluation judges' spend reads apart from the application's. `headingLevel` fits the
 * page's outline; `quietErrors` when the page already says the usage API failed.
 */
export function CallerBreakdown({ endpoint, range, selected, gatewayKey, headingLevel = 3, quietErrors }: { endpoint?: string; range: RangeId; selected?: string; gatewayKey?: string; headingLevel?: 2 | 3; quietErrors?: boolean }) {
  const usage = useCallerUsage(endpoint, range, gatewayKey);
  const heading = useId();
  const shares = callerShares(usage.data?.data ?? []);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="caller-breakdown" aria-labelledby={heading}>
      <div className="section-header">
        <Heading id={heading} className="caller-heading">
          Cost by caller
        </Heading>
        <span className="muted small">Judges send X-MLflow-Gateway-Caller: judge; other clients can label their calls with x-gateway-caller.</span>
      </div>
      {usage.error && (quietErrors ? <p className="muted">Usage unavailable.</p> : <UsageUnavailable error={usage.error} />)}
      {usage.isPending && (
        <p className="muted">
          Loading callers <LoadingValue />
        </p>
      )}
      {usage.data && shares.length === 0 && <p className="muted">No calls in the {rangeOf(range).label.toLowerCase()}.</p>}
      {shares.length > 0 && (
        <table className="table table-compact caller-table" aria-labelledby={heading}>
          <thead>
            <tr>
              <th scope="col">Caller</th>
              <th scope="col" className="num">
                Requests
              </th>
              <th scope="col" className="num">
                Errors
              </th>
              <th scope="col" className="num">
                Tokens in
              </th>
              <th scope="col" className="num">
                Tokens out
              </th>
              <th scope="col" className="num">
                Cost
              </th>
              <th scope="col" className="num">
                Share of cost
              </th>
            </tr>
          </thead>
          <tbody>
            {shares.map((share) => (
              <CallerRow key={share.caller} share={share} selected={share.caller === selected} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function CallerRow({ share, selected }: { share: CallerShare; selected: boolean }) {
  const { caller, row } = share;
  return (
    <tr className={selected ? 'row-selected' : undefined} aria-current={selected ? 'true' : undefined}>
      <th scope="row">
        <span className={`badge badge-caller${caller === 'judge' ? ' badge-caller-judge' : ''}`}>{caller}</span> <span className="muted small">{callerDescription(caller)}</span>
      </th>
      <RequestCountCells requests={row.requests} errors={row.errors} />
      <TokenCountCells prompt={row.prompt_tokens} completion={row.completion_tokens} />
      <td className="num strong" title={formatUsdExact(row.cost_usd)} data-label="Cost">
        {formatUsd(row.cost_usd)}
      </td>
      <td className="num" data-label="Share of cost">
        {row.cost_usd > 0 ? formatRate(share.costShare, 1) : '—'}
      </td>
    </tr>
  );
}

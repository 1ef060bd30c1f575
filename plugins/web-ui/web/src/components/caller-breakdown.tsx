import { useId } from 'react';
import { useUsage } from '../api/queries';
import { callerDescription, callerShares, type CallerShare } from '../lib/callers';
import { formatCount, formatRate, formatUsd, formatUsdExact } from '../lib/format';
import { rangeOf, usageQuery, type RangeId } from '../lib/usage-range';
import { ErrorNotice } from './error-notice';

/** One `group_by=caller` read of the range: every caller's totals (shared by the breakdown and the dashboard's Caller filter); `gatewayKey` keeps one key's calls. */
export function useCallerUsage(endpoint: string | undefined, range: RangeId, gatewayKey?: string) {
  const scope = endpoint ? { endpoint } : { combined: true };
  return useUsage(['by-caller', endpoint ?? '*', range, gatewayKey ?? ''], () => usageQuery(range, { ...scope, key: gatewayKey, whole: true, byCaller: true }));
}

/**
 * Requests, tokens and cost per caller (`app`, `judge`, any `x-gateway-caller` label),
 * so evaluation judges' spend reads apart from the application's.
 */
export function CallerBreakdown({ endpoint, range, selected, gatewayKey }: { endpoint?: string; range: RangeId; selected?: string; gatewayKey?: string }) {
  const usage = useCallerUsage(endpoint, range, gatewayKey);
  const heading = useId();
  const shares = callerShares(usage.data?.data ?? []);
  return (
    <section className="caller-breakdown" aria-labelledby={heading}>
      <div className="section-header">
        <h3 id={heading}>Cost by caller</h3>
        <span className="muted small">Judges send X-MLflow-Gateway-Caller: judge; other clients can label their calls with x-gateway-caller.</span>
      </div>
      {usage.error && <ErrorNotice error={usage.error} what="usage per caller" />}
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
      <td className="num">{formatCount(row.requests)}</td>
      <td className={`num${row.errors ? ' text-danger' : ''}`}>{formatCount(row.errors)}</td>
      <td className="num">{formatCount(row.prompt_tokens)}</td>
      <td className="num">{formatCount(row.completion_tokens)}</td>
      <td className="num strong" title={formatUsdExact(row.cost_usd)}>
        {formatUsd(row.cost_usd)}
      </td>
      <td className="num">{row.cost_usd > 0 ? formatRate(share.costShare, 1) : '—'}</td>
    </tr>
  );
}

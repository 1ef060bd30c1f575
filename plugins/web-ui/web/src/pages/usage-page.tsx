import { useState } from 'react';
import { Link } from 'wouter';
import { useEndpoints, useKeys, useUsage } from '../api/queries';
import { useCallerUsage } from '../components/caller-breakdown';
import { RangeSwitch } from '../components/range-switch';
import { RequestCountCells, TokenCountCells } from '../components/usage-count-cells';
import { LoadingValue } from '../components/usage-value';
import UsageOverview from '../components/usage-overview';
import { callerShares } from '../lib/callers';
import { formatMs, formatUsd } from '../lib/format';
import { rangeOf, usageQuery, type RangeId } from '../lib/usage-range';

/**
 * The usage dashboard: all endpoints or one, all callers or one, all gateway keys or one,
 * over the last hour, day or week, and the top endpoints by cost.
 */
export default function UsagePage() {
  const endpoints = useEndpoints();
  const keys = useKeys().data?.keys ?? [];
  const [endpoint, setEndpoint] = useState('');
  const [caller, setCaller] = useState('');
  const [gatewayKey, setGatewayKey] = useState('');
  const keyName = keys.find((k) => k.id === gatewayKey)?.name ?? gatewayKey;
  const [range, setRange] = useState<RangeId>('hour');
  const callers = callerShares(useCallerUsage(undefined, range).data?.data ?? []).map((share) => share.caller);
  // A caller chosen earlier stays offered even in a range where it made no call.
  if (caller && !callers.includes(caller)) callers.push(caller);
  const perEndpoint = useUsage(['per-endpoint', range, caller, gatewayKey], () => usageQuery(range, { whole: true, caller: caller || undefined, key: gatewayKey || undefined }));
  const filters = `${caller ? `, caller ${caller}` : ''}${gatewayKey ? `, key ${keyName}` : ''}`;
  const top = [...(perEndpoint.data?.data ?? [])].sort((a, b) => b.cost_usd - a.cost_usd || b.requests - a.requests).slice(0, 10);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Usage</h1>
          <p className="muted">Requests, errors, latency, tokens and cost, counted per upstream attempt and summed over every replica.</p>
        </div>
      </div>
      <div className="toolbar">
        <div className="toolbar-filters">
          <div className="field field-inline">
            <label htmlFor="usage-endpoint">Endpoint</label>
            <select id="usage-endpoint" value={endpoint} onChange={(e) => setEndpoint(e.target.value)}>
              <option value="">All endpoints</option>
              {(endpoints.data?.endpoints ?? []).map((e) => (
                <option key={e.name} value={e.name}>
                  {e.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field field-inline">
            <label htmlFor="usage-caller">Caller</label>
            <select id="usage-caller" value={caller} onChange={(e) => setCaller(e.target.value)}>
              <option value="">All callers</option>
              {callers.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          {/* Offered once keys exist: the calls each key made, revoked ones included. */}
          {keys.length > 0 && (
            <div className="field field-inline">
              <label htmlFor="usage-key">Gateway key</label>
              <select id="usage-key" value={gatewayKey} onChange={(e) => setGatewayKey(e.target.value)}>
                <option value="">All keys</option>
                {keys.map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.status === 'active' ? k.name : `${k.name} (${k.status})`}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        <RangeSwitch value={range} onChange={setRange} />
      </div>
      <section className="card" aria-label={`Usage of ${endpoint || 'all endpoints'}${filters}`}>
        <UsageOverview endpoint={endpoint || undefined} range={range} caller={caller || undefined} gatewayKey={gatewayKey || undefined} headingLevel={2} />
      </section>
      <section className="card table-card" aria-labelledby="top-heading">
        <div className="card-title section-header">
          <h2 id="top-heading">{`Top endpoints by cost${filters}`}</h2>
          <span className="muted">{rangeOf(range).label}</span>
        </div>
        {/* The overview above says why usage is unavailable; this table only says it has no rows to show. */}
        {perEndpoint.error && <p className="muted card-pad">Usage per endpoint unavailable: {perEndpoint.error instanceof Error ? perEndpoint.error.message : String(perEndpoint.error)}</p>}
        {perEndpoint.isPending && (
          <p className="muted card-pad">
            Loading endpoints by cost <LoadingValue />
          </p>
        )}
        {perEndpoint.data && top.length === 0 && <p className="muted card-pad">No endpoint had traffic in this range.</p>}
        {top.length > 0 && (
          <table className="table" aria-labelledby="top-heading">
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col" className="num">
                  Requests
                </th>
                <th scope="col" className="num">
                  Errors
                </th>
                <th scope="col" className="num">
                  p50
                </th>
                <th scope="col" className="num">
                  p99
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
              </tr>
            </thead>
            <tbody>
              {top.map((row) => (
                <tr key={row.endpoint}>
                  <th scope="row">
                    <Link href={`/endpoints/${encodeURIComponent(row.endpoint)}`}>{row.endpoint}</Link>
                  </th>
                  <RequestCountCells requests={row.requests} errors={row.errors} />
                  <td className="num" data-label="p50">
                    {formatMs(row.latency_ms.p50)}
                  </td>
                  <td className="num" data-label="p99">
                    {formatMs(row.latency_ms.p99)}
                  </td>
                  <TokenCountCells prompt={row.prompt_tokens} completion={row.completion_tokens} />
                  <td className="num strong" data-label="Cost">
                    {formatUsd(row.cost_usd)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

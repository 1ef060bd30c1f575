/** What the plugins say about credentials under the config in force (`OperatorAccess`, `PipelinePlugin.requiresCredential`). */
export interface CredentialRequirements {
  /** The config in force: a reload replaces the object, so its identity says when to ask again. */
  currentConfig(): object;
  /** Whether the operator routes that need the guard (`access: 'operator'`, and those its plugin guards itself) need a credential. */
  operatorRoutes(): boolean;
  /** Whether every data-plane call needs a credential. */
  dataPlane(): boolean;
}

/** One decision: whether the Host check applies, and why, for the log line. */
export interface HostCheckDecision {
  applies: boolean;
  /** What leaves the check on (empty when it is off: every route needs a credential). */
  reasons: string[];
}

/**
 * Whether the Host check applies, following the live config: on while any route family
 * answers without a credential (so a rebound page could use it), or when
 * `server.allowed_hosts` is set (an operator who lists names wants them enforced).
 * Re-decided only when a reload replaced the config, so a request pays one comparison.
 */
export class HostCheckSwitch {
  private seen: object | undefined;
  private on = true;

  constructor(
    private readonly requirements: CredentialRequirements,
    private readonly allowedHostsSet: boolean,
    /** Called with the first decision and with every one that differs from the last. */
    private readonly onChange: (decision: HostCheckDecision) => void,
  ) {}

  /** An arrow property, so the middleware can hold it without binding. */
  readonly applies = (): boolean => {
    const current = this.requirements.currentConfig();
    if (current !== this.seen) this.decide(current);
    return this.on;
  };

  private decide(current: object): void {
    const first = this.seen === undefined;
    this.seen = current;
    const reasons: string[] = [];
    if (this.allowedHostsSet) reasons.push('server.allowed_hosts is set');
    if (!this.asks(() => this.requirements.operatorRoutes())) reasons.push('operator routes answer without a credential');
    if (!this.asks(() => this.requirements.dataPlane())) reasons.push('the data plane answers without a credential');
    const on = reasons.length > 0;
    if (first || on !== this.on) this.onChange({ applies: on, reasons });
    this.on = on;
  }

  /** A plugin whose answer throws is taken to require nothing, so the check stays on. */
  private asks(question: () => boolean): boolean {
    try {
      return question();
    } catch {
      return false;
    }
  }
}

/** The start-up (and reload) log line: which Host policy is in force. */
export function describeHostCheck(decision: HostCheckDecision, publicUrl: string, allowedHosts: readonly string[]): string {
  if (!decision.applies) return 'host check: off (every route needs a credential; set server.allowed_hosts to enforce names anyway)';
  const accepted = ['loopback'];
  if (publicUrl) accepted.push(`public_url host ${new URL(publicUrl).hostname}`);
  if (allowedHosts.length > 0) accepted.push(`allowed_hosts: ${allowedHosts.join(', ')}`);
  return `host check: on (${accepted.join(', ')}), because ${decision.reasons.join(' and ')}`;
}

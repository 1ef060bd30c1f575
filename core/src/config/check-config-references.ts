import type { ProviderDefinition } from '../contracts/provider-definition';
import type { RawGatewayConfig } from './config-schema';
import { choiceHint } from './choice-hint';

/** Checks that need the whole file: unique names, provider references, kind support. */
export function checkConfigReferences(config: RawGatewayConfig, providerTypes: ReadonlyMap<string, ProviderDefinition>): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  config.endpoints.forEach((endpoint, index) => {
    const where = `endpoints[${index}]`;
    const first = seen.get(endpoint.name);
    if (first !== undefined) problems.push(`${where}.name: "${endpoint.name}" is already the name of endpoints[${first}]`);
    else seen.set(endpoint.name, index);

    const targets = endpoint.targets ?? (endpoint.provider && endpoint.model ? [{ provider: endpoint.provider, model: endpoint.model }] : []);
    const usesTargets = endpoint.targets !== undefined;
    const places = [
      ...targets.map((t, i) => ({ path: usesTargets ? `${where}.targets[${i}]` : where, target: t, role: 'target' })),
      ...(endpoint.fallbacks ?? []).map((t, i) => ({ path: `${where}.fallbacks[${i}]`, target: t, role: 'fallback' })),
    ];
    const firstPlace = new Map<string, string>();
    for (const { path, target, role } of places) {
      const id = `${target.provider}/${target.model}`;
      const earlier = firstPlace.get(id);
      if (earlier !== undefined) problems.push(`${path}: ${id} is listed twice (first at ${earlier})`);
      else firstPlace.set(id, path);
      problems.push(...checkProvider(config, providerTypes, `${path}.provider`, target.provider, endpoint.kind, role));
    }
  });
  return problems;
}

/** The provider a target or fallback names: it must exist and serve the endpoint's kind. */
function checkProvider(
  config: RawGatewayConfig,
  providerTypes: ReadonlyMap<string, ProviderDefinition>,
  path: string,
  provider: string,
  kind: 'chat' | 'embeddings',
  role: string,
): string[] {
  const connection = config.providers[provider];
  const type = connection?.type ?? provider;
  const definition = providerTypes.get(type);
  if (!definition) {
    const named = Object.keys(config.providers);
    return [`${path}: "${provider}" is neither a key of providers:${named.length ? ` (${named.join(', ')})` : ''} nor a provider type (${choiceHint([...providerTypes.keys()], provider, (t) => t)})`];
  }
  const problems: string[] = [];
  // An implicit connection has only the type's defaults; a type with a required field
  // (a resource URL, say) can only be used through a providers: entry that sets it.
  const defaults = connection ? undefined : definition.optionsSchema?.safeParse({});
  if (defaults && !defaults.success) {
    const fields = [...new Set(defaults.error.issues.map((issue) => issue.path.join('.')))].join(', ');
    problems.push(`${path}: ${fields} is required for provider type "${type}"; name a connection under providers: that sets it`);
  }
  if (!definition.capabilities[kind === 'chat' ? 'chat' : 'embeddings']) {
    const at = role === 'fallback' ? path.replace(/\.provider$/, '') : path.replace(/(\.targets\[\d+\])?\.provider$/, '.kind');
    problems.push(`${at}: provider type "${type}" does not serve ${kind}${role === 'fallback' ? ', the endpoint\'s kind' : ''}`);
  }
  return problems;
}

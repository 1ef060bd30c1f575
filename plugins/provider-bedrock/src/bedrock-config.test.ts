import { container } from 'tsyringe';
import { Secret, type ConnectionSettings, type GatewayConfig } from '@model-gateway/core';
import { PluginRegistry } from '@model-gateway/core/internal';
import { ConfigError, loadConfigText } from '@model-gateway/core/testing';
import { resolveCredentials } from './bedrock-credentials';
import type { BedrockOptions } from './bedrock-facts';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/** The bedrock type as operators configure it: the YAML core validates and resolves, read the way the connection reads it. */
const load = (text: string, env: NodeJS.ProcessEnv = {}): GatewayConfig =>
  loadConfigText(text, { builtinPlugins: BUILTIN_PLUGINS, registry: new PluginRegistry(container.createChildContainer()), env });

const connection = (config: GatewayConfig, name: string) => config.connections.find((c) => c.name === name) as ConnectionSettings<BedrockOptions>;

describe('bedrock connection settings', () => {
  it('validates a named connection, wraps the key fields in Secret and defaults the region', () => {
    const config = load(
      `
providers:
  aws: { type: bedrock, access_key_id: "\${AWS_ACCESS_KEY_ID}", secret_access_key: "\${AWS_SECRET_ACCESS_KEY}" }
  eu: { type: bedrock, region: eu-west-3, api_key: "\${BEDROCK_KEY}" }
endpoints:
  - { name: claude, kind: chat, provider: aws, model: "us.anthropic.claude-sonnet-4-20250514-v1:0" }
  - { name: claude-eu, kind: chat, provider: eu, model: "eu.anthropic.claude-sonnet-4-20250514-v1:0" }
`,
      { AWS_ACCESS_KEY_ID: 'AKIAYAML', AWS_SECRET_ACCESS_KEY: 'yaml-secret', BEDROCK_KEY: 'bedrock-key' },
    );
    const aws = connection(config, 'aws');
    expect(aws.baseUrl).toBe('https://bedrock-runtime.{region}.amazonaws.com');
    expect(aws.options.region).toBe('us-east-1');
    expect(aws.options.access_key_id).toBeInstanceOf(Secret);
    expect(JSON.stringify(aws.options)).not.toContain('yaml-secret');
    expect(resolveCredentials(aws).kind).toBe('sigv4');
    expect(aws.implicit).toBeUndefined();
    const eu = connection(config, 'eu');
    expect(eu.options.region).toBe('eu-west-3');
    expect(resolveCredentials(eu).kind).toBe('bearer');
  });

  it('rejects a region that is not one, naming the field', () => {
    try {
      load('providers:\n  aws: { type: bedrock, region: "Frankfurt" }\n');
      throw new Error('expected a config error');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(/providers\.aws\.region/);
    }
  });

  it('gives an implicit connection the conventional variables: the bearer token as api_key, the AWS_* keys as its options', () => {
    const config = load('endpoints:\n  - { name: claude, kind: chat, provider: bedrock, model: "anthropic.claude-3-5-haiku-20241022-v1:0" }\n', { AWS_BEARER_TOKEN_BEDROCK: 'from-env' });
    const implicit = connection(config, 'bedrock');
    expect(implicit.implicit).toBe(true);
    expect(implicit.apiKey?.reveal()).toBe('from-env');
    const env = { AWS_ACCESS_KEY_ID: 'AKIAENV', AWS_SECRET_ACCESS_KEY: 'env-secret', AWS_SESSION_TOKEN: 'env-token' };
    const fromKeys = connection(load('endpoints:\n  - { name: claude, kind: chat, provider: bedrock, model: m }\n', env), 'bedrock');
    expect(fromKeys.options.access_key_id).toBeInstanceOf(Secret);
    expect(fromKeys.options.session_token?.reveal()).toBe('env-token');
    expect(resolveCredentials(fromKeys).kind).toBe('sigv4');
  });

  it('never gives the AWS_* variables to a named connection', () => {
    const env = { AWS_ACCESS_KEY_ID: 'AKIAENV', AWS_SECRET_ACCESS_KEY: 'env-secret' };
    const named = connection(load('providers:\n  aws: { type: bedrock }\n', env), 'aws');
    expect(named.options.access_key_id).toBeUndefined();
    expect(resolveCredentials(named).kind).toBe('missing');
  });
});

'use strict';
/**
 * An example drop-in plugin: provider type `reverse` answers with the last user
 * message reversed. It needs no dependencies: zod and GatewayError come from the
 * `api` object, so it works from any path listed under `plugins:`.
 *
 *   plugins: [./docs/examples/reverse-provider]
 *   providers: { backwards: { type: reverse, prefix: "« " } }
 *   endpoints: [{ name: rev, kind: chat, provider: backwards, model: reverse-1 }]
 */
module.exports = {
  specVersion: 1,
  name: 'example-reverse-provider',
  kind: 'provider',
  register(api) {
    const { z, GatewayError } = api;
    api.registerProvider({
      type: 'reverse',
      displayName: 'Example: answers with the prompt reversed',
      defaultBaseUrl: 'local://reverse',
      requiresApiKey: false,
      auth: { kind: 'none' },
      capabilities: { chat: true, embeddings: false, streaming: false, tools: false, vision: false, jsonSchema: false, passthrough: [] },
      optionsSchema: z.object({ prefix: z.string().default('').describe('Text put before every answer.') }),
      createConnection(settings) {
        return {
          settings,
          async chat(request, attempt) {
            if (request.stream) {
              throw new GatewayError('unsupported_parameter', 'The reverse provider cannot stream.', { param: 'stream' });
            }
            const last = [...request.messages].reverse().find((m) => m.role === 'user');
            const text = typeof last?.content === 'string' ? last.content : '';
            const answer = settings.options.prefix + [...text].reverse().join('');
            return {
              type: 'response',
              response: {
                id: `rev-${Date.now()}`,
                created: Math.floor(Date.now() / 1000),
                model: attempt.model,
                choices: [{ index: 0, message: { role: 'assistant', content: answer }, finishReason: 'stop' }],
                usage: { inputTokens: text.length, outputTokens: answer.length, totalTokens: text.length + answer.length },
              },
            };
          },
        };
      },
    });
  },
};

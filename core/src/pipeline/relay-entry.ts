import type { Request, Response } from 'express';
import type { RelayInput, TranslatedCall } from '../contracts/relay-input';
import { extensibleCopy } from '../objects/extensible-copy';
import { foreignRelayAttempt } from '../passthrough/foreign-relay';
import { relayAttempt } from '../passthrough/relay-attempt';
import type { RelayProxy } from '../passthrough/relay-proxy';
import type { RelayAttemptResult } from './attempt-results';
import type { CallRunner } from './call-runner';
import { droppedFieldsHeader } from './dropped-fields-header';
import { unsupportedRoute } from './unsupported-route';

/**
 * The passthrough entry. A target whose provider speaks the route's format gets the client's body
 * relayed (only `model` rewritten; credentials are the connection's); any other target gets the body
 * translated through the canonical model and the answer encoded back in the route's format.
 */
export async function serveRelay(runner: CallRunner, relayProxy: RelayProxy, req: Request, res: Response, input: RelayInput): Promise<void> {
  const { pipeline } = runner;
  const call = runner.open(req, res, extensibleCopy(input, { request: { stream: input.stream, streamUsage: false, messages: [], extra: {} } }), input.kind);
  await runner.run(call, res, async () => {
    // Asked of each target once, not read from capabilities: one connection may relay some models and not others (a cloud that hosts several vendors' models).
    const relayTargets = new Map(call.targets.map((t) => [t, t.connection.passthrough?.(input.format, input.operation, t.model, input.query, input.apiVersion, input.stream)]));
    const { foreign } = input;
    // A target that does not speak the route's format may speak the foreign one (asked only then, once per target).
    const foreignTargets = new Map(foreign ? call.targets.filter((t) => !relayTargets.get(t)).map((t) => [t, t.connection.passthrough?.(foreign.format, foreign.operation, t.model, undefined, undefined, false)]) : []);
    let translated: TranslatedCall | undefined;
    if (input.translate && call.targets.some((t) => !relayTargets.get(t) && !foreignTargets.get(t))) {
      translated = input.translate();
      if (translated.kind !== 'local') call.request = translated.request;
      if (translated.kind === 'chat') await pipeline.prepareChat(call, translated.request);
    }
    const { attempt, result } = await runner.attempts(call, async (attempt): Promise<RelayAttemptResult> => {
      const target = relayTargets.get(attempt.target);
      if (target) return { type: 'relayed', target, response: await relayAttempt(relayProxy, pipeline, req, res, attempt, target, input) };
      const foreignTarget = foreignTargets.get(attempt.target);
      if (foreign && foreignTarget) return { type: 'foreign', body: await foreignRelayAttempt(relayProxy, pipeline, req, res, attempt, foreignTarget, input, foreign) };
      if (!translated) throw unsupportedRoute(call.endpointName, attempt.target, runner.routeHints, input.format);
      if (translated.kind === 'local') return { type: 'local', answer: translated };
      if (translated.kind === 'embeddings') return { type: 'translated-embeddings', translation: translated, response: await runner.embeddingsAttempt(call, translated.request, attempt) };
      const answer = await runner.chatAttempt(call, translated.request, attempt);
      // What the answering target could not honour, said in response headers in the route's field names.
      return { type: 'translated-chat', translation: translated, answer, targetHeaders: droppedFieldsHeader(attempt.droppedFields, translated.fieldNames) };
    });
    return runner.writer.relay(call, attempt, result, res, input);
  });
}

import type { Response } from 'express';
import type { Logger } from 'pino';
import type { EmbeddingsResponse } from '../canonical/embeddings';
import type { Usage } from '../canonical/usage';
import type { AnswerWatcher, ChatOutput, EmbeddingsOutput } from '../contracts/call-outputs';
import type { RelayInput } from '../contracts/relay-input';
import { GatewayError } from '../errors/gateway-error';
import { SSE_HEADERS, waitForDrain } from '../http/sse';
import { writeJson } from '../http/write-json';
import { extensibleCopy } from '../objects/extensible-copy';
import { pumpRelayedBody } from '../passthrough/pump-relayed-body';
import { setServedHeaders, setTranslationHeaders } from './answer-headers';
import type { Attempt } from './attempt';
import { endAttempt } from './attempt-record';
import type { ChatAttemptResult, RelayAttemptResult, StartedStream } from './attempt-results';
import type { Call } from './call';
import { droppedFieldsHeader } from './dropped-fields-header';
import type { Pipeline } from './pipeline';

/**
 * Writes the answering attempt's result to the client: status, headers, then a JSON body or a
 * stream, and ends the attempt's record. Each method returns the error that ended a started
 * stream in-band, if any, so the call runs the error hooks rather than the finish hooks.
 */
export class AnswerWriter {
  constructor(
    private readonly pipeline: Pipeline,
    private readonly logger: Logger,
  ) {}

  async chat(call: Call, attempt: Attempt, result: ChatAttemptResult, res: Response, output: ChatOutput): Promise<GatewayError | undefined> {
    setServedHeaders(res, attempt);
    const watcher = this.pipeline.watchAnswer(call, output);
    if (result.type === 'stream') return this.stream(call, attempt, result, res, output, watcher);
    this.pipeline.answerHeaders(call, attempt.target, result.response.usage, res);
    if (watcher) await watcher.end(result.response);
    writeJson(res, 200, output.response(result.response, call));
    endAttempt(this.pipeline, attempt, call, 200, undefined, result.response.usage);
    return undefined;
  }

  embeddings(call: Call, attempt: Attempt, response: EmbeddingsResponse, res: Response, output: EmbeddingsOutput): undefined {
    setServedHeaders(res, attempt);
    this.pipeline.answerHeaders(call, attempt.target, response.usage, res);
    writeJson(res, 200, output.response(response, call));
    endAttempt(this.pipeline, attempt, call, 200, undefined, response.usage);
    return undefined;
  }

  /** A passthrough call's answer, whichever way its attempt reached the target. */
  async relay(call: Call, attempt: Attempt, result: RelayAttemptResult, res: Response, input: RelayInput): Promise<GatewayError | undefined> {
    switch (result.type) {
      case 'relayed': {
        setServedHeaders(res, attempt);
        // A relayed body keeps the client's field names, so what it left out is named as it came.
        setTranslationHeaders(res, droppedFieldsHeader(attempt.droppedFields, undefined));
        const { usage, failure } = await pumpRelayedBody(result.response, res, attempt, input, result.target);
        endAttempt(this.pipeline, attempt, call, failure?.status ?? result.response.statusCode ?? 200, failure, usage);
        return failure;
      }
      case 'foreign':
        setServedHeaders(res, attempt);
        writeJson(res, 200, result.body);
        endAttempt(this.pipeline, attempt, call, 200);
        return undefined;
      case 'local':
        setServedHeaders(res, attempt);
        setTranslationHeaders(res, result.answer.headers);
        writeJson(res, result.answer.status, result.answer.body);
        endAttempt(this.pipeline, attempt, call, result.answer.status);
        return undefined;
      case 'translated-embeddings':
        setTranslationHeaders(res, result.translation.headers);
        return this.embeddings(call, attempt, result.response, res, result.translation.output);
      case 'translated-chat':
        setTranslationHeaders(res, result.translation.headers, result.targetHeaders);
        return this.chat(call, attempt, result.answer, res, result.translation.output);
    }
  }

  private async stream(call: Call, attempt: Attempt, started: StartedStream, res: Response, output: ChatOutput, watcher: AnswerWatcher | undefined): Promise<GatewayError | undefined> {
    res.writeHead(200, output.streamContentType ? extensibleCopy(SSE_HEADERS, { 'content-type': output.streamContentType }) : SSE_HEADERS);
    let usage: Usage | undefined;
    let failure: GatewayError | undefined;
    try {
      for (let step = started.first; !step.done; step = await started.iterator.next()) {
        const chunk = step.value;
        if (chunk.usage) usage = chunk.usage;
        watcher?.chunk(chunk);
        const text = output.chunk(chunk, call);
        if (text !== null && !res.write(text)) await waitForDrain(res, attempt.cancellation);
      }
      if (watcher) await watcher.end(undefined);
      res.end(output.done(call));
    } catch (thrown) {
      failure = GatewayError.from(thrown);
      if (failure.code === 'internal_error') this.logger.error({ requestId: call.requestId, err: failure.cause ?? failure }, 'stream failed');
      await started.iterator.return?.().catch(() => undefined);
      if (!res.destroyed) res.end(output.streamError(failure, call));
    } finally {
      endAttempt(this.pipeline, attempt, call, failure?.status ?? 200, failure, usage);
    }
    return failure;
  }
}

import type { Request, Response } from 'express';
import type { ChatRequest } from '../canonical/chat';
import type { ChatOutput } from '../contracts/call-outputs';
import type { CallInput } from '../contracts/gateway-runtime';
import { setTranslationHeaders } from './answer-headers';
import type { CallRunner } from './call-runner';
import { droppedFieldsHeader } from './dropped-fields-header';

/**
 * The unified chat entry: a request already decoded into the canonical model, answered whole or
 * as a stream in the route's format. Not async: `run`'s promise is handed back as it is, one await fewer per call.
 */
export function serveChat(runner: CallRunner, req: Request, res: Response, input: CallInput<ChatRequest, ChatOutput>): Promise<void> {
  const call = runner.open(req, res, input, 'chat');
  return runner.run(call, res, async () => {
    // Awaited only when a hook was asynchronous (Pipeline returns undefined otherwise).
    const prepared = runner.pipeline.prepareChat(call, input.request);
    if (prepared) await prepared;
    const { attempt, result } = await runner.attempts(call, (attempt) => runner.chatAttempt(call, input.request, attempt));
    setTranslationHeaders(res, droppedFieldsHeader(attempt.droppedFields, input.fieldNames));
    return runner.writer.chat(call, attempt, result, res, input.output);
  });
}

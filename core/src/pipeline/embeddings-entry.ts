import type { Request, Response } from 'express';
import type { EmbeddingsRequest } from '../canonical/embeddings';
import type { EmbeddingsOutput } from '../contracts/call-outputs';
import type { CallInput } from '../contracts/gateway-runtime';
import type { CallRunner } from './call-runner';

/** The unified embeddings entry: a request already decoded into the canonical model. Not async, like `serveChat`. */
export function serveEmbeddings(runner: CallRunner, req: Request, res: Response, input: CallInput<EmbeddingsRequest, EmbeddingsOutput>): Promise<void> {
  const call = runner.open(req, res, input, 'embeddings');
  return runner.run(call, res, async () => {
    const { attempt, result } = await runner.attempts(call, (attempt) => runner.embeddingsAttempt(call, input.request, attempt));
    return runner.writer.embeddings(call, attempt, result, res, input.output);
  });
}

import type http from 'node:http';
import { respondAnthropic, ruleBroken, type AnthropicRequest } from '../fakes/anthropic-fake';
import type { Behaviour } from '../fakes/fake-server';
import { googleError, respondGemini, type GeminiRequest } from '../fakes/gemini-fake';
import { respondOpenAi, type OpenAiRequest } from '../fakes/openai-fake';
import { respondResponses } from '../fakes/openai-responses';
import { geminiFieldProblem } from '../fakes/rules/gemini-known-fields';
import { signatureRule } from '../fakes/rules/gemini-signatures';
import { unrecognizedArgument } from '../fakes/rules/openai-known-params';

/**
 * The fakes playing a model that does real work through a coding agent: on the turn that
 * offers the agent's file-writing tool it calls that tool (thinking first where the request
 * asks for thinking), and on the turn that carries the tool's result it checks the provider's
 * multi-turn rules (the result answers the call, by its id; signed thinking or thought
 * signatures back where the provider demands them) before it answers with a final text.
 * A script answers only requests whose tools include the planned tool, so an agent's side
 * calls (titles, summaries) get the fakes' default answers.
 */

/** What the model wants written; the tests check the file for this content. */
export const LOOP_FILE = 'hello.txt';
export const LOOP_CONTENT = 'written through the gateway 5e1f';
export const LOOP_REPLY = 'Done: hello.txt is written.';
const THINKING = 'The user wants hello.txt; I will write it with the file tool.';

/** The ids the fake gives its call, so the result turn can be matched to it. */
export const CALL_IDS = { anthropic: 'toolu_loop_1', openai: 'call_loop_1', responses: 'call_loop_r1' } as const;

export type LoopFormat = 'anthropic' | 'openai-chat' | 'openai-responses' | 'gemini';

export interface LoopEvent {
  format: LoopFormat;
  turn: 'call' | 'result';
  model: string;
  /** The provider rule the tool-result turn broke (answered 400, as the provider would). */
  problem?: string;
  /** Whether the call turn answered with signed thinking (Anthropic) or asked Gemini to sign (Gemini 3). */
  reasoning: boolean;
}

export interface PlannedCall {
  name: string;
  input: Record<string, unknown>;
}

export class ToolLoop {
  /** The call the model makes in the next run; unset, no request is scripted. */
  call?: PlannedCall;
  readonly events: LoopEvent[] = [];
  /** The tool names of the first request that offered tools, per format (for finding an agent's file tool). */
  readonly offered: Partial<Record<LoopFormat, string[]>> = {};

  reset(call?: PlannedCall): void {
    this.call = call;
    this.events.length = 0;
  }

  /** The rule problems the runs met, for an expectation's message. */
  problems(): string[] {
    return this.events.filter((e) => e.problem).map((e) => `${e.format} ${e.model}: ${e.problem}`);
  }

  private offers(format: LoopFormat, names: string[]): boolean {
    if (names.length > 0 && !this.offered[format]) this.offered[format] = names;
    return this.call !== undefined && names.includes(this.call.name);
  }

  private note(event: LoopEvent): void {
    this.events.push(event);
  }

  readonly anthropic = (req: AnthropicRequest): Behaviour<AnthropicRequest> | undefined => {
    const body = req.body;
    if (req.pathname !== '/v1/messages' || !this.offers('anthropic', (body?.tools ?? []).map((t: { name: string }) => t.name))) return undefined;
    const call = this.call as PlannedCall;
    const messages: Array<{ role: string; content: unknown }> = body.messages ?? [];
    const blocksOf = (m?: { content: unknown }): any[] => (Array.isArray(m?.content) ? (m?.content as any[]) : []);
    const result = blocksOf(messages[messages.length - 1]).find((b) => b.type === 'tool_result');
    const thinkingOn = body.thinking?.type === 'enabled' || body.thinking?.type === 'adaptive';
    if (!result) {
      this.note({ format: 'anthropic', turn: 'call', model: body.model, reasoning: thinkingOn });
      const toolUse = { id: CALL_IDS.anthropic, name: call.name, inputJson: halves(JSON.stringify(call.input)) };
      return respondAnthropic.stream([], { toolUse, thinking: thinkingOn ? THINKING : undefined });
    }
    const asked = blocksOf(messages[messages.length - 2]).find((b) => b.type === 'tool_use');
    const problem =
      ruleBroken(body) ??
      (result.tool_use_id !== CALL_IDS.anthropic ? `tool_result.tool_use_id is ${result.tool_use_id}, not the call's ${CALL_IDS.anthropic}` : undefined) ??
      (asked?.id !== CALL_IDS.anthropic || asked?.name !== call.name ? `the assistant turn before the result does not carry the call ${CALL_IDS.anthropic} (${call.name})` : undefined);
    this.note({ format: 'anthropic', turn: 'result', model: body.model, problem, reasoning: thinkingOn });
    return problem ? respondAnthropic.error(400, 'invalid_request_error', problem) : respondAnthropic.stream([LOOP_REPLY]);
  };

  readonly openai = (req: OpenAiRequest): Behaviour<OpenAiRequest> | undefined => {
    if (req.kind === 'responses') return this.responses(req);
    if (req.kind !== 'chat') return undefined;
    const body = req.body;
    if (!this.offers('openai-chat', (body?.tools ?? []).map((t: { function?: { name: string } }) => t.function?.name ?? ''))) return undefined;
    const call = this.call as PlannedCall;
    const messages: Array<{ role: string; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string } }> }> = body.messages;
    const reasoning = typeof body.reasoning_effort === 'string';
    const resultAt = messages.findIndex((m) => m.role === 'tool');
    if (resultAt === -1) {
      this.note({ format: 'openai-chat', turn: 'call', model: body.model, reasoning });
      return respondOpenAi.stream([], { toolCall: { id: CALL_IDS.openai, name: call.name, args: halves(JSON.stringify(call.input)) } });
    }
    const asked = messages[resultAt - 1]?.tool_calls?.find((c) => c.id === CALL_IDS.openai);
    const problem =
      unrecognizedArgument(body, undefined) ??
      (messages[resultAt].tool_call_id !== CALL_IDS.openai ? `the tool message's tool_call_id is ${messages[resultAt].tool_call_id}, not ${CALL_IDS.openai}` : undefined) ??
      (asked?.function.name !== call.name ? `messages.[${resultAt}]: a tool message must follow the assistant message whose tool_calls has ${CALL_IDS.openai}` : undefined);
    this.note({ format: 'openai-chat', turn: 'result', model: body.model, problem, reasoning });
    return problem ? respondOpenAi.error(400, 'invalid_request_error', problem) : respondOpenAi.stream([LOOP_REPLY]);
  };

  private responses(req: OpenAiRequest): Behaviour<OpenAiRequest> | undefined {
    const body = req.body;
    if (!this.offers('openai-responses', (body?.tools ?? []).map((t: { name?: string }) => t.name ?? ''))) return undefined;
    const call = this.call as PlannedCall;
    const input: Array<{ type?: string; call_id?: string; name?: string }> = Array.isArray(body.input) ? body.input : [];
    const reasoning = typeof body.reasoning?.effort === 'string';
    const output = input.find((item) => item.type === 'function_call_output');
    if (!output) {
      this.note({ format: 'openai-responses', turn: 'call', model: body.model, reasoning });
      return respondResponses.stream([], { functionCall: { name: call.name, args: halves(JSON.stringify(call.input)), callId: CALL_IDS.responses } });
    }
    const asked = input.find((item) => item.type === 'function_call' && item.call_id === CALL_IDS.responses);
    const problem =
      (output.call_id !== CALL_IDS.responses ? `function_call_output.call_id is ${output.call_id}, not ${CALL_IDS.responses}` : undefined) ??
      (asked?.name !== call.name && !body.previous_response_id ? `No tool call found for function call output with call_id ${output.call_id}.` : undefined);
    this.note({ format: 'openai-responses', turn: 'result', model: body.model, problem, reasoning });
    return problem ? respondOpenAi.error(400, 'invalid_request_error', problem) : respondResponses.stream([LOOP_REPLY]);
  }

  readonly gemini = (req: GeminiRequest): Behaviour<GeminiRequest> | undefined => {
    const body = req.body;
    if (req.rpc !== 'streamGenerateContent' && req.rpc !== 'generateContent') return undefined;
    const declared = (body?.tools ?? []).flatMap((t: { functionDeclarations?: Array<{ name: string }> }) => (t.functionDeclarations ?? []).map((d) => d.name));
    if (!this.offers('gemini', declared)) return undefined;
    const call = this.call as PlannedCall;
    const contents: Array<{ role?: string; parts?: any[] }> = body.contents ?? [];
    const last = contents[contents.length - 1];
    const response = (last?.parts ?? []).find((p) => p.functionResponse)?.functionResponse;
    const reasoning = /^gemini-3/.test(req.model);
    if (!response) {
      this.note({ format: 'gemini', turn: 'call', model: req.model, reasoning });
      // writeStream signs the functionCall part for a Gemini 3 model, as Gemini 3 does.
      return respondGemini.stream([], { functionCall: { name: call.name, args: call.input } });
    }
    const asked = (contents[contents.length - 2]?.parts ?? []).find((p) => p.functionCall)?.functionCall;
    const problem =
      geminiFieldProblem(req.rpc, body) ??
      signatureRule(req.model, body) ??
      (response.name !== call.name ? `functionResponse.name is ${response.name}, not the call's ${call.name}` : undefined) ??
      (asked?.name !== call.name ? `the model turn before the functionResponse does not carry the call to ${call.name}` : undefined);
    this.note({ format: 'gemini', turn: 'result', model: req.model, problem, reasoning });
    return problem ? (_req, res: http.ServerResponse) => googleError(res, 400, problem) : respondGemini.stream([LOOP_REPLY]);
  };
}

/** A JSON text in two fragments, as providers stream tool arguments. */
function halves(text: string): string[] {
  const middle = Math.floor(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}

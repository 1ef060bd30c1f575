import { GatewayError, type ChatRequest } from '@model-gateway/core';
import { cachePointAfter } from './converse-cache-points';
import type { ConverseMessage, ConverseRequestBody, ConverseToolChoice } from './converse-types';

/** What a tool without `parameters` takes: Converse requires an input schema on every tool. */
const NO_PARAMETERS = { type: 'object', properties: {} };

/**
 * Tools and tool_choice to Converse's `toolConfig`, or undefined for none.
 *
 * Converse has no "none" choice. tool_choice "none" is honoured by not declaring the
 * tools at all, which Converse allows only while the conversation holds no tool
 * blocks: a request whose history has tool calls or results must declare tools, and
 * then the model may call them. That case (and tool history with no tools offered)
 * is a 400 rather than a request that could call a tool the client ruled out.
 * A tool with a cache mark is followed by a `cachePoint` when the model caches (`caching`).
 */
export function encodeToolConfig(request: ChatRequest, messages: readonly ConverseMessage[], caching = false): ConverseRequestBody['toolConfig'] {
  const tools = request.tools ?? [];
  const choice = request.toolChoice;
  const offered = tools.length > 0 && choice !== 'none';
  if (!offered) {
    if (hasToolBlocks(messages)) {
      throw new GatewayError(
        'invalid_parameter',
        'Bedrock needs the tools declared while the conversation holds tool calls or results, and then cannot rule out new calls: ' +
          'offer the tools with tool_choice "auto", or leave the tool turns out.',
        { param: tools.length > 0 ? 'tool_choice' : 'tools' },
      );
    }
    if (choice === 'required' || typeof choice === 'object') {
      throw new GatewayError('invalid_parameter', 'tool_choice asks for a tool call, but no tools are offered.', { param: 'tool_choice' });
    }
    return undefined;
  }
  if (request.parallelToolCalls === false) {
    throw new GatewayError('invalid_parameter', 'Bedrock Converse cannot forbid parallel tool calls; leave parallel_tool_calls unset or true.', {
      param: 'parallel_tool_calls',
    });
  }
  const config: NonNullable<ConverseRequestBody['toolConfig']> = {
    tools: tools.flatMap((tool) => [
      {
        toolSpec: {
          name: tool.name,
          ...(tool.description && { description: tool.description }),
          inputSchema: { json: tool.parameters ?? NO_PARAMETERS },
          ...(tool.strict !== undefined && { strict: tool.strict }),
        },
      },
      ...cachePointAfter(tool.cacheControl, caching),
    ]),
  };
  const toolChoice = encodeToolChoice(choice);
  if (toolChoice) config.toolChoice = toolChoice;
  return config;
}

function encodeToolChoice(choice: ChatRequest['toolChoice']): ConverseToolChoice | undefined {
  if (choice === undefined || choice === 'none') return undefined;
  if (choice === 'auto') return { auto: {} };
  if (choice === 'required') return { any: {} };
  return { tool: { name: choice.name } };
}

function hasToolBlocks(messages: readonly ConverseMessage[]): boolean {
  return messages.some((m) => m.content.some((block) => block.toolUse !== undefined || block.toolResult !== undefined));
}

/**
 * What the gateway checks in a client's Messages body when it is translated for a
 * provider that does not speak Anthropic's format. Block objects are loose: fields that
 * change nothing for another provider (`cache_control`, `citations`) are accepted and left
 * behind. Top-level fields are checked against MESSAGES_FIELDS instead, because an
 * unknown one there is a feature the other provider cannot give.
 *
 * Optional fields accept null as "not set", as Anthropic's SDKs may send it.
 */
import { z } from 'zod';

/** Top-level fields the codec reads; any other field is a 400 on a translated call. */
export const MESSAGES_FIELDS: ReadonlySet<string> = new Set([
  'model', 'max_tokens', 'messages', 'system', 'stop_sequences', 'stream', 'temperature', 'top_p', 'top_k',
  'tools', 'tool_choice', 'thinking', 'output_config', 'metadata', 'service_tier', 'speed', 'cache_control', 'diagnostics',
  'context_management',
]);

const textBlock = z.looseObject({ type: z.literal('text'), text: z.string() });

const imageBlock = z.looseObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('base64'), media_type: z.string().min(1), data: z.string().min(1) }),
    z.looseObject({ type: z.literal('url'), url: z.url({ protocol: /^https?$/ }) }),
  ]),
});

const toolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});

const toolResultBlock = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textBlock, imageBlock]))]).nullish(),
  is_error: z.boolean().nullish(),
});

const thinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().nullish() });
const redactedThinkingBlock = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });

const contentBlock = z.discriminatedUnion('type', [textBlock, imageBlock, toolUseBlock, toolResultBlock, thinkingBlock, redactedThinkingBlock]);

/** Which role may carry which block, as Anthropic's API enforces it. */
const ASSISTANT_ONLY = new Set(['tool_use', 'thinking', 'redacted_thinking']);
const USER_ONLY = new Set(['tool_result', 'image']);

const message = z
  .looseObject({
    // "system": a mid-conversation instruction (Anthropic's mid-conversation system messages).
    role: z.enum(['user', 'assistant', 'system']),
    content: z.union([z.string(), z.array(contentBlock)], { error: 'expected a string or an array of content blocks' }),
  })
  .superRefine((m, ctx) => {
    if (typeof m.content === 'string') return;
    m.content.forEach((block, i) => {
      const wrongRole = m.role === 'system' ? block.type !== 'text' : m.role === 'user' ? ASSISTANT_ONLY.has(block.type) : USER_ONLY.has(block.type);
      if (wrongRole) ctx.addIssue({ code: 'custom', path: ['content', i, 'type'], message: `a "${block.type}" block is not allowed in a ${m.role} message` });
    });
  });

const tool = z
  .looseObject({
    type: z.string().nullish(),
    name: z.string().min(1),
    description: z.string().nullish(),
    input_schema: z.looseObject({ type: z.literal('object') }).optional(),
    strict: z.boolean().nullish(),
  })
  .superRefine((t, ctx) => {
    // Server tools (web search, code execution, ...) run inside Anthropic; no other provider has them.
    if (t.type != null && t.type !== 'custom') {
      ctx.addIssue({ code: 'custom', path: ['type'], message: `the server tool "${t.type}" only exists on Anthropic; this endpoint's provider is not Anthropic` });
    } else if (t.input_schema === undefined) {
      ctx.addIssue({ code: 'custom', path: ['input_schema'], message: 'required' });
    }
  });

const parallel = { disable_parallel_tool_use: z.boolean().nullish() };
const toolChoice = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('auto'), ...parallel }),
  z.looseObject({ type: z.literal('any'), ...parallel }),
  z.looseObject({ type: z.literal('tool'), name: z.string().min(1), ...parallel }),
  z.looseObject({ type: z.literal('none') }),
]);

const thinking = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('enabled'), budget_tokens: z.int().min(1024) }),
  z.looseObject({ type: z.literal('disabled') }),
  z.looseObject({ type: z.literal('adaptive') }),
]);

const outputConfig = z.looseObject({
  effort: z.enum(['low', 'medium', 'high', 'xhigh', 'max']).nullish(),
  format: z.looseObject({ type: z.literal('json_schema'), schema: z.record(z.string(), z.unknown()) }).nullish(),
});

/** Anthropic takes a mid-conversation system message only right after a user turn. */
const messages = z
  .array(message)
  .min(1)
  .superRefine((list, ctx) => {
    list.forEach((m, i) => {
      if (m.role === 'system' && list[i - 1]?.role !== 'user') {
        ctx.addIssue({ code: 'custom', path: [i, 'role'], message: 'a "system" message must come right after a user message' });
      }
    });
  });

export const messagesBody = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.int().min(1),
  messages,
  system: z.union([z.string(), z.array(textBlock)], { error: 'expected a string or an array of text blocks' }).nullish(),
  stop_sequences: z.array(z.string()).nullish(),
  stream: z.boolean().nullish(),
  temperature: z.number().min(0).max(1).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  top_k: z.int().min(0).nullish(),
  tools: z.array(tool).nullish(),
  tool_choice: toolChoice.nullish(),
  thinking: thinking.nullish(),
  output_config: outputConfig.nullish(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).nullish(),
  service_tier: z.enum(['auto', 'standard_only']).nullish(),
});

export type WireMessagesBody = z.output<typeof messagesBody>;
export type WireMessage = WireMessagesBody['messages'][number];
export type WireContentBlock = z.output<typeof contentBlock>;
export type WireTextBlock = z.output<typeof textBlock>;
export type WireImageBlock = z.output<typeof imageBlock>;

import type { ModelModalities } from '@model-gateway/model-catalog';

/** What a catalogue model is for; an endpoint (chat or embeddings) offers only models of its own kind. */
export const MODEL_KINDS = ['chat', 'embeddings', 'speech', 'transcription', 'image', 'realtime', 'moderation'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

/** Separators inside model names: gpt-4o-mini-tts, amazon.nova-sonic-v1:0, openai/whisper-1. */
const B = '(?:^|[/._:@-])';
const E = '(?:[/._:@-]|$)';

/**
 * Kinds a maker writes into the name, checked in this order (a realtime audio model is
 * realtime). Chat-completions models whose point is spoken output (gpt-audio,
 * gpt-4o-audio-preview) are `speech`: they answer text too, but are no text chat endpoint's
 * model. Embedding models are named as such by every provider (text-embedding-3-small,
 * embed-english-v3.0, amazon.titan-embed-text-v2:0) or belong to a known embedding family.
 */
const NAMED_KINDS: ReadonlyArray<readonly [RegExp, ModelKind]> = [
  [/moderation/i, 'moderation'],
  [new RegExp(`realtime|native-audio|${B}(live|sonic)${E}`, 'i'), 'realtime'],
  [new RegExp(`transcri|whisper|speech-to-text|${B}(stt|asr)${E}`, 'i'), 'transcription'],
  [new RegExp(`text-to-speech|audio-preview|gpt-audio|${B}(tts|speech|audio)${E}`, 'i'), 'speech'],
  [new RegExp(`dall-e|gpt-image|imagen|stable-diffusion|sdxl|${B}(image|flux)${E}`, 'i'), 'image'],
  [/embed|(^|[/._-])(bge|e5|gte|voyage|text-similarity|text-search)([._-]|$)/i, 'embeddings'],
];

/**
 * A model's kind: from its name where the maker names the kind (tts, whisper, transcribe,
 * realtime, dall-e, image, moderation, embed), else from models.dev's modalities where they
 * are unambiguous (image out: image; no text out, audio out: speech; audio the only input:
 * transcription), else chat. Names come first because modalities alone mislead: Gemini takes
 * audio in and is a chat model; a live model makes text and audio and is realtime.
 */
export function modelKind(id: string, modalities?: ModelModalities): ModelKind {
  for (const [pattern, kind] of NAMED_KINDS) if (pattern.test(id)) return kind;
  const output = modalities?.output ?? [];
  const input = modalities?.input ?? [];
  if (output.includes('image')) return 'image';
  if (output.length > 0 && !output.includes('text') && output.includes('audio')) return 'speech';
  if (input.length > 0 && input.every((modality) => modality === 'audio')) return 'transcription';
  return 'chat';
}

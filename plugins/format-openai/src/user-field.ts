import { createHash } from 'node:crypto';

/** OpenAI refuses a longer `user` ("string too long ... maximum length 64"). */
export const MAX_USER_LENGTH = 64;

/**
 * An end-user id in the form OpenAI's `user` field accepts: as it is when it fits, else its
 * SHA-256 in hex (64 characters), which stays stable per user, as abuse monitoring needs,
 * and is what OpenAI suggests sending instead of raw identifiers anyway. Anthropic clients
 * send longer ids (Claude Code's `metadata.user_id` is a JSON object of ids).
 */
export function openAiUser(user: string): string {
  return user.length <= MAX_USER_LENGTH ? user : createHash('sha256').update(user).digest('hex');
}

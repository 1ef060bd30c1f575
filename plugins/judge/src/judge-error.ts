/** A judge run that cannot start or go on, with a message meant for the person who ran it. */
export class JudgeError extends Error {
  constructor(message: string, readonly kind: 'usage' | 'gateway' = 'gateway') {
    super(message);
    this.name = 'JudgeError';
  }
}

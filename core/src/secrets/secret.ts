import { inspect } from 'node:util';

/**
 * A credential that cannot leak by accident: JSON, string conversion and
 * util.inspect (and so every logger) print a placeholder. Only `reveal()` gives
 * the value, and only credential injection calls it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  get isEmpty(): boolean {
    return this.#value.length === 0;
  }

  equals(other: Secret | undefined): boolean {
    return other !== undefined && other.#value === this.#value;
  }

  toString(): string {
    return '[redacted]';
  }

  toJSON(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return 'Secret([redacted])';
  }
}
